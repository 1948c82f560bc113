// OSC 8 hyperlinks in rendered terminal lines: a URL, a message link or a T-ref in a message body
// becomes a link the terminal opens (Ctrl/Cmd+click) without changing one visible character, so what
// a screen reader reads and what is copied stay the same. A T-ref and a message link open in VS Code
// through the extension's URI handler (`vscode://wsc-dev.wsc/open?task=T-12`); any other http(s)
// URL opens itself. Only what the body names is linked; a target is printable ASCII only (no
// control character can end the sequence early), and the line it goes into is already SafeText.
import { editorOpenUri } from '../references/open-link';
import { findReferences } from '../references/find-references';
import type { SafeText } from './safe-text';

const OSC8_END = '\x1b]8;;\x07';

/** `text` as an OSC 8 link to `target` (BEL-terminated, the form Ink's own tokenizer reads). */
export function osc8(target: string, text: string): string {
  return `\x1b]8;;${target}\x07${text}${OSC8_END}`;
}

/** What a body links: each URL it holds (to itself, or a message link to the editor) and each T-ref (to the editor). */
export interface LinkTargets {
  urls: ReadonlyMap<string, string>;
  refs: ReadonlyMap<string, string>;
}

const URL_IN_LINE = /https?:\/\/[^\s<>"'`\x1b\x07]+/g;
const URL_TRAILING = /[.,;:!?*_~'")\]}]+$/;
const REF_IN_LINE = /(?<![\p{L}\p{N}_\-./\\@$])[Tt]-([1-9]\d{0,9})(?![\p{L}\p{N}_])/gu;
const SAFE_TARGET = /^[\x21-\x7e]+$/;

export function linkTargets(body: string): LinkTargets {
  const urls = new Map<string, string>();
  const refs = new Map<string, string>();
  for (const r of findReferences(body, { markdown: true })) {
    if (r.kind === 'task') refs.set(r.ref, editorOpenUri({ task: r.ref }));
    else if (r.kind === 'message') urls.set(r.url, editorOpenUri({ message: r.url }));
  }
  for (const m of body.matchAll(URL_IN_LINE)) {
    const url = m[0].replace(URL_TRAILING, '');
    if (!urls.has(url)) urls.set(url, url);
  }
  for (const [key, target] of [...urls]) if (!SAFE_TARGET.test(target)) urls.delete(key);
  return { urls, refs };
}

/**
 * One rendered line with its links: a URL the body holds (the first piece of one the line wrap cut
 * links to the whole URL; the rest, on the next line, has no scheme and stays text), then T-refs
 * outside URLs. Visible text is unchanged.
 */
export function linkSafeLine(line: SafeText, targets: LinkTargets): SafeText {
  if (targets.urls.size === 0 && targets.refs.size === 0) return line;
  const spans: { start: number; end: number; target: string }[] = [];
  const urlRanges: { start: number; end: number }[] = [];
  for (const m of line.matchAll(URL_IN_LINE)) {
    const piece = m[0].replace(URL_TRAILING, '');
    const start = m.index;
    const end = start + piece.length;
    urlRanges.push({ start, end });
    const atEnd = line.slice(end).replace(/\x1b\[[0-9;]*m/g, '').trim() === '';
    let target = targets.urls.get(piece);
    if (target === undefined) {
      for (const [url, to] of targets.urls) {
        if (atEnd && url.startsWith(piece)) {
          target = to;
          break;
        }
      }
    }
    if (target !== undefined) spans.push({ start, end, target });
  }
  const inUrl = (i: number) => urlRanges.some((r) => i >= r.start && i < r.end);
  for (const m of line.matchAll(REF_IN_LINE)) {
    const target = targets.refs.get(`T-${Number(m[1])}`);
    if (target !== undefined && !inUrl(m.index)) spans.push({ start: m.index, end: m.index + m[0].length, target });
  }
  if (spans.length === 0) return line;
  spans.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += line.slice(at, s.start) + osc8(s.target, line.slice(s.start, s.end));
    at = s.end;
  }
  // Safe parts of a safe line, and links whose targets hold no control character.
  return (out + line.slice(at)) as SafeText;
}
