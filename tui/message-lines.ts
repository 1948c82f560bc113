// A message as terminal lines: a header (author, 'via' marker, time, replies, run) and the body
// rendered from Markdown through the shared sanitiser. Rows are rendered only when drawn and kept
// for the current width while they stay near the screen (MessageLineCache).
import { authorLabel, linkSafeLine, linkTargets, mentionsHandle, renderMarkdownTerminal, safeLines, term, wrapSafe, type Message, type SafeText } from '../shared/index';
import { clip, safeLine, shortTime } from './format';
import { terminalFeatures } from './terminal-features';

export interface MessageLineOptions {
  width: number;
  color: boolean;
  /** The thread view shows no reply counts. */
  showReplies?: boolean;
  /** Your handle: a message from someone else that mentions you says so in its header (yellow in colour). */
  me?: string;
  /** URLs, message links and T-refs as OSC 8 links; the terminal's setting (tui.toml `hyperlinks`) unless given. */
  links?: boolean;
}

export function messageHeader(m: Message, options: MessageLineOptions): SafeText {
  const author = safeLine(authorLabel(m.author));
  const via = m.via ? ` (via ${safeLine(m.via)})` : '';
  const edited = m.edited_at ? ' (edited)' : '';
  const replies = options.showReplies !== false && m.reply_count > 0 ? `  ↳ ${m.reply_count} ${m.reply_count === 1 ? 'reply' : 'replies'}` : '';
  const run = m.run_id ? '  ▶ run' : '';
  const forMe = options.me !== undefined && m.author.handle !== options.me && mentionsHandle(m.body, options.me);
  const header = clip(safeLine(`${author}${via} · ${shortTime(m.created_at)}${edited}${replies}${run}${forMe ? '  @ you' : ''}`), options.width);
  return forMe && options.color ? term`\x1b[${terminalFeatures().theme.mentionSgr}m${header}\x1b[39m` : header;
}

export function renderMessageLines(m: Message, options: MessageLineOptions): SafeText[] {
  const bodyWidth = Math.max(10, options.width - 2);
  const body = renderMarkdownTerminal(m.body, { width: bodyWidth, color: options.color });
  const lines = [messageHeader(m, options)];
  // Links are added after wrapping (a link's bytes take no cells) and change no visible character.
  const targets = (options.links ?? terminalFeatures().hyperlinks) ? linkTargets(m.body) : null;
  for (const line of safeLines(body)) {
    for (const wrapped of wrapSafe(line, bodyWidth)) lines.push(targets ? term`  ${linkSafeLine(wrapped, targets)}` : term`  ${wrapped}`);
  }
  while (lines.length > 1 && lines[lines.length - 1]?.trim() === '') lines.pop();
  return lines;
}

/**
 * Rendered messages for one set of options (width, colour, …), most recently drawn last. A change of
 * options (a resize) drops them all; past `max` messages the least recently drawn go first, so only
 * rows near the screen keep their lines however much is loaded. A message is found again by its id
 * and object: an edited message is a new object (see MessageHistory.replace), so it renders anew.
 */
export class MessageLineCache {
  private readonly map = new Map<string, { message: Message; lines: SafeText[] }>();
  private optionsKey = '';
  constructor(private readonly max = 240) {}

  get size(): number {
    return this.map.size;
  }

  lines(m: Message, options: MessageLineOptions): SafeText[] {
    const optionsKey = `${options.width}|${options.color ? 1 : 0}|${options.showReplies === false ? 0 : 1}|${options.me ?? ''}`;
    if (optionsKey !== this.optionsKey) {
      this.map.clear();
      this.optionsKey = optionsKey;
    }
    const hit = this.map.get(m.id);
    if (hit && hit.message === m) {
      // Drawn again: now the most recent.
      this.map.delete(m.id);
      this.map.set(m.id, hit);
      return hit.lines;
    }
    const lines = renderMessageLines(m, options);
    this.map.delete(m.id);
    this.map.set(m.id, { message: m, lines });
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
    return lines;
  }
}
