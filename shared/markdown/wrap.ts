/** Width measuring and word wrapping of text that may hold our own SGR styling. */

const SGR = /\x1b\[[0-9;]*m/g;

/** Columns a string takes; SGR codes take none. Wide (CJK, emoji) characters count two. */
export function visibleWidth(s: string): number {
  let width = 0;
  for (const ch of s.replace(SGR, '')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x300 && cp <= 0x36f) continue; // combining marks
    width += isWide(cp) ? 2 : 1;
  }
  return width;
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/**
 * Wraps at spaces to `width` columns; a word longer than the width stays whole on its own line.
 * Explicit newlines are kept. Styling that spans a break carries on, because SGR state persists.
 */
export function wrapStyled(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraphLine of text.split('\n')) {
    if (!Number.isFinite(width) || visibleWidth(paragraphLine) <= width) {
      out.push(paragraphLine);
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of paragraphLine.split(' ')) {
      const w = visibleWidth(word);
      if (lineWidth > 0 && lineWidth + 1 + w > width) {
        out.push(line);
        line = word;
        lineWidth = w;
      } else {
        line = lineWidth > 0 || line !== '' ? `${line} ${word}` : word;
        lineWidth += (lineWidth > 0 ? 1 : 0) + w;
      }
    }
    out.push(line);
  }
  return out;
}
