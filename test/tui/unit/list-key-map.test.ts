// The keys lists and scrolling texts share, as pure functions.
import { describe, expect, it } from 'vitest';
import { listKeyAction, scrollKeyTop } from '../../../tui/keys/list-key-map';

const none = { upArrow: false, downArrow: false, pageUp: false, pageDown: false, return: false };

describe('listKeyAction', () => {
  it('j k and the arrows move, Enter opens, other keys mean nothing', () => {
    expect(listKeyAction('j', none)).toEqual({ kind: 'move', by: 1 });
    expect(listKeyAction('', { ...none, upArrow: true })).toEqual({ kind: 'move', by: -1 });
    expect(listKeyAction('', { ...none, return: true })).toEqual({ kind: 'open' });
    expect(listKeyAction('x', none)).toBeNull();
  });
});

describe('scrollKeyTop', () => {
  it('scrolls by a line or a page and stays within the text', () => {
    expect(scrollKeyTop('j', none, 0, 10, 25)).toBe(1);
    expect(scrollKeyTop(' ', none, 20, 10, 25)).toBe(25);
    expect(scrollKeyTop('', { ...none, pageUp: true }, 4, 10, 25)).toBe(0);
    expect(scrollKeyTop('k', none, 0, 10, 25)).toBe(0);
    expect(scrollKeyTop('j', none, 0, 10, 0)).toBe(0);
    expect(scrollKeyTop('x', none, 3, 10, 25)).toBeNull();
  });
});
