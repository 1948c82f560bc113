/**
 * Where the comments and strings of a code file are, by a token scan per language family
 * (vscode-free). The rule, documented in the README: in a code file a T-ref, @handle or message
 * link counts only inside a comment or a string literal (hovers, links) and completion offers
 * them only inside a comment; in prose documents (Markdown, plain text, the commit message box,
 * workspace docs) everywhere. A language this file does not know is treated as prose when it is
 * one of PROSE_LANGUAGES, else as C-like (`//`, `/* *\/`, quotes), which covers most languages.
 */

export type ScopeKind = 'comment' | 'string';
export interface ScopeRange {
  kind: ScopeKind;
  start: number;
  end: number;
}

interface Syntax {
  line: string[];
  block: Array<[open: string, close: string]>;
  quotes: string[];
}

export const PROSE_LANGUAGES: ReadonlySet<string> = new Set(['markdown', 'plaintext', 'scminput', 'git-commit', 'restructuredtext', 'asciidoc', 'latex']);

const C_LIKE: Syntax = { line: ['//'], block: [['/*', '*/']], quotes: ['"', "'", '`'] };
const HASH: Syntax = { line: ['#'], block: [], quotes: ['"""', "'''", '"', "'"] };
const FAMILIES: Array<[languages: string[], syntax: Syntax]> = [
  [['python', 'shellscript', 'ruby', 'perl', 'r', 'yaml', 'toml', 'dockerfile', 'makefile', 'powershell', 'elixir', 'coffeescript', 'julia', 'nix', 'terraform', 'cmake'], HASH],
  [['sql', 'lua'], { line: ['--'], block: [['/*', '*/'], ['--[[', ']]']], quotes: ['"', "'"] }],
  [['haskell', 'elm'], { line: ['--'], block: [['{-', '-}']], quotes: ['"'] }],
  [['html', 'xml', 'vue', 'svelte'], { line: [], block: [['<!--', '-->']], quotes: [] }],
  [['clojure', 'lisp', 'scheme', 'ini', 'properties'], { line: [';'], block: [], quotes: ['"'] }],
  [['css', 'scss', 'less'], { line: ['//'], block: [['/*', '*/']], quotes: ['"', "'"] }],
  [['bat'], { line: ['REM ', '::'], block: [], quotes: ['"'] }],
  [['vb'], { line: ["'"], block: [], quotes: ['"'] }],
  [['erlang', 'latex', 'matlab'], { line: ['%'], block: [], quotes: ['"'] }],
];

export function isProse(languageId: string, scheme?: string): boolean {
  return PROSE_LANGUAGES.has(languageId) || scheme === 'wsc-doc' || scheme === 'vscode-scm';
}

function syntaxOf(languageId: string): Syntax {
  return FAMILIES.find(([ids]) => ids.includes(languageId))?.[1] ?? C_LIKE;
}

/** The comments and strings of `text`, in order (strings end at the line's end unless triple-quoted or a backtick). */
export function scopeRanges(text: string, languageId: string): ScopeRange[] {
  const syntax = syntaxOf(languageId);
  const ranges: ScopeRange[] = [];
  let i = 0;
  const at = (token: string) => text.startsWith(token, i);
  outer: while (i < text.length) {
    for (const token of syntax.line) {
      if (at(token)) {
        const end = text.indexOf('\n', i);
        const stop = end === -1 ? text.length : end;
        ranges.push({ kind: 'comment', start: i, end: stop });
        i = stop;
        continue outer;
      }
    }
    for (const [open, close] of syntax.block) {
      if (at(open)) {
        const end = text.indexOf(close, i + open.length);
        const stop = end === -1 ? text.length : end + close.length;
        ranges.push({ kind: 'comment', start: i, end: stop });
        i = stop;
        continue outer;
      }
    }
    for (const quote of syntax.quotes) {
      if (at(quote)) {
        const multiLine = quote.length === 3 || quote === '`';
        let j = i + quote.length;
        while (j < text.length && !text.startsWith(quote, j) && (multiLine || text[j] !== '\n')) j += text[j] === '\\' ? 2 : 1;
        const stop = Math.min(text.length, text.startsWith(quote, j) ? j + quote.length : j);
        ranges.push({ kind: 'string', start: i, end: stop });
        i = stop;
        continue outer;
      }
    }
    i += 1;
  }
  return ranges;
}

/** The comment or string holding `offset` (an offset at a range's end counts, for the cursor after the last character). */
export function scopeAt(ranges: readonly ScopeRange[], offset: number): ScopeKind | null {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid] as ScopeRange;
    if (offset < r.start) hi = mid - 1;
    else if (offset > r.end) lo = mid + 1;
    else return offset === r.start ? null : r.kind;
  }
  return null;
}
