// What the pty tests read as "the last frame since a mark" (test/support/pty/): Ink writes a frame
// as begin marker, screen, end marker in separate writes, so a read may end inside a frame. A frame
// counts once it is written whole and was begun after the mark; otherwise a test judged half a
// frame, or the tail of one drawn before its key glued to the next: the windowed-history walk saw
// the selection on "Filler 1519" in a frame whose end marker had not come, read the screen again
// (the frame before it, "Filler 1524") and waited 60 s for PgDn to move past 1524.
import { describe, expect, it } from 'vitest';
import { BEGIN_FRAME, END_FRAME } from '../../support/pty/screen-text';
import { PtyTerminal } from '../../support/pty/terminal';

/** PtyTerminal.lastFrame over `output` as written so far (no program needed). */
const lastFrame = (output: string, since?: number): string[] => PtyTerminal.prototype.lastFrame.call({ output } as PtyTerminal, since);

const screen = (selected: number) => `\x1b[2K\x1b[1A ▌  Filler ${selected} of the long channel\r\n   Filler ${selected + 1} of the long channel\r\n`;
const frame = (selected: number) => `${BEGIN_FRAME}${screen(selected)}${END_FRAME}`;

describe("a pty's last frame since a mark", () => {
  it('is none while the frame after the mark lacks its end marker, and that frame once it has come', () => {
    let output = frame(1524);
    const since = output.length;
    output += BEGIN_FRAME + screen(1519);
    expect(lastFrame(output, since)).toEqual([]);
    // Read again without a mark, the screen is still the frame before: both readings agree.
    expect(lastFrame(output).join('\n')).toContain('▌  Filler 1524');
    output += END_FRAME;
    expect(lastFrame(output, since).join('\n')).toContain('▌  Filler 1519');
    expect(lastFrame(output).join('\n')).toContain('▌  Filler 1519');
  });

  it('is never the tail of a frame begun before the mark, alone or glued to the next', () => {
    const whole = frame(1753);
    const since = whole.length - 40;
    expect(lastFrame(whole, since)).toEqual([]);
    const output = `${whole}${BEGIN_FRAME}${screen(1749)}`;
    expect(lastFrame(output, since)).toEqual([]);
    expect(lastFrame(`${output}${END_FRAME}`, since).join('\n')).toMatch(/▌ {2}Filler 1749[^]*Filler 1750/);
  });

  it('is the text written since the mark when the program draws no frames', () => {
    const output = 'wsc 1.0\r\nsent.\r\n';
    expect(lastFrame(output, 'wsc 1.0\r\n'.length)).toEqual(['sent.', '']);
    expect(lastFrame(output)).toEqual(['wsc 1.0', 'sent.', '']);
  });
});
