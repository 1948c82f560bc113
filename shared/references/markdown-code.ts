// Where Markdown code is (fenced blocks and inline code spans): text in these ranges is code, not prose.

export interface TextRange {
  start: number;
  end: number;
}

interface Line {
  start: number;
  /** Without its line break (`\n` or `\r\n`). */
  text: string;
  /** Offset after the line break. */
  next: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const stop = nl === -1 ? text.length : nl;
    const body = text.slice(start, stop);
    lines.push({ start, text: body.endsWith('\r') ? body.slice(0, -1) : body, next: nl === -1 ? text.length + 1 : nl + 1 });
    if (nl === -1) break;
    start = nl + 1;
  }
  return lines;
}

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** Fenced code blocks (``` or ~~~, closed by a fence of the same character at least as long; an unclosed one runs to the end). */
export function fencedCodeRanges(text: string): TextRange[] {
  const ranges: TextRange[] = [];
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = OPENING_FENCE.exec(line.text);
    if (!open) continue;
    const fence = open[1]!;
    // A backtick fence's info string may not hold a backtick (that is inline code).
    if (fence[0] === '`' && (open[2] ?? '').includes('`')) continue;
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let j = i + 1;
    while (j < lines.length && !closing.test(lines[j]!.text)) j++;
    const last = lines[Math.min(j, lines.length - 1)]!;
    ranges.push({ start: line.start, end: Math.min(last.start + last.text.length, text.length) });
    i = j;
  }
  return ranges;
}

/** Inline code spans in `text` between `from` and `to`: a run of n backticks up to the next run of exactly n. */
function inlineCodeRanges(text: string, from: number, to: number): TextRange[] {
  const ranges: TextRange[] = [];
  const runs: { start: number; length: number }[] = [];
  const re = /`+/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    runs.push({ start: m.index, length: Math.min(m[0].length, to - m.index) });
  }
  // Per run length, the indexes of the runs of that length, walked forward once (one pass, not a search per run).
  const byLength = new Map<number, { at: number[]; next: number }>();
  runs.forEach((r, k) => {
    const list = byLength.get(r.length) ?? { at: [], next: 0 };
    list.at.push(k);
    byLength.set(r.length, list);
  });
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    const same = byLength.get(open.length)!;
    while (same.next < same.at.length && same.at[same.next]! <= i) same.next++;
    const closeAt = same.at[same.next];
    if (closeAt === undefined) continue;
    const close = runs[closeAt]!;
    ranges.push({ start: open.start, end: close.start + close.length });
    i = closeAt;
  }
  return ranges;
}

/** Every range of Markdown code in `text`: fenced blocks and the inline spans outside them, in order. */
export function markdownCodeRanges(text: string): TextRange[] {
  const fenced = fencedCodeRanges(text);
  const out: TextRange[] = [];
  let from = 0;
  for (const block of [...fenced, { start: text.length, end: text.length }]) {
    out.push(...inlineCodeRanges(text, from, block.start));
    if (block.end > block.start) out.push(block);
    from = block.end;
  }
  return out;
}
