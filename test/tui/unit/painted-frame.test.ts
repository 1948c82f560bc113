// The painted first frame's width rule: every code point it lets through is as wide for Ink
// (string-width, which lays out its cells) as for our clip and fit (the shared visibleWidth).
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { visibleWidth } from '../../../shared/index';
import { MEASURED_ALIKE } from '../../../tui/painted-frame';
import { BOLD, INVERSE, plain, styledLine } from '../../../tui/styled-line';

describe('the painted frame', () => {
  it('paints only characters Ink measures as we do', () => {
    const differ: string[] = [];
    for (const [from, to] of MEASURED_ALIKE) {
      for (let cp = Math.max(from, 0x20); cp <= to; cp++) {
        const ch = String.fromCodePoint(cp);
        if (stringWidth(ch) !== visibleWidth(ch)) differ.push(cp.toString(16));
      }
    }
    expect(differ).toEqual([]);
  });

  it('writes styled runs as Ink does: styles opened in order, closed last first, trailing blanks trimmed', () => {
    expect(styledLine([{ text: '▸  # general ', styles: [INVERSE, BOLD] }, plain('│'), plain('text   ')])).toBe('\x1b[7m\x1b[1m▸  # general \x1b[22m\x1b[27m│text');
    expect(styledLine([{ text: 'x', styles: [BOLD] }, plain('   ')])).toBe('\x1b[1mx\x1b[22m');
  });
});
