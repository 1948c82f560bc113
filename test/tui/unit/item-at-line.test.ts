// Which message a click on the conversation's list lands on: messages of several lines, the window
// drawn at the bottom of the pane with blank lines above it.
import { describe, expect, it } from 'vitest';
import { itemAtLine, lineWindow } from '../../../tui/windowing';

const heights = [3, 1, 2, 4];
const linesOf = (i: number) => Array.from({ length: heights[i] ?? 0 }, (_, n) => `${i}.${n}`);

describe('itemAtLine', () => {
  it('finds the message on a header, body or wrapped line', () => {
    // 10 lines of messages in a pane of 10: every line is a message's.
    const window = lineWindow(4, 3, 10, linesOf);
    expect([...Array(10).keys()].map((line) => itemAtLine(window, 10, line))).toEqual([0, 0, 0, 1, 2, 2, 3, 3, 3, 3]);
  });

  it('counts the blank lines above a short conversation, and nothing is under them', () => {
    const window = lineWindow(2, 1, 6, linesOf);
    expect(window.lines).toHaveLength(4);
    expect([0, 1, 2, 3, 4, 5].map((line) => itemAtLine(window, 6, line))).toEqual([null, null, 0, 0, 0, 1]);
  });

  it('in a window cut at the top, the first line drawn is the cut message’s', () => {
    const window = lineWindow(4, 3, 5, linesOf);
    // The selected message (4 lines) and the last line of the one above it.
    expect([0, 1, 2, 3, 4].map((line) => itemAtLine(window, 5, line))).toEqual([2, 3, 3, 3, 3]);
    expect(itemAtLine(window, 5, 5)).toBeNull();
  });
});
