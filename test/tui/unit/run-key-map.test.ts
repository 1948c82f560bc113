// A run timeline's keys as a pure function: the keys its help section lists (G or f follows, ↑ k
// stops following, Enter opens the event) and j/↓ to move.
import { describe, expect, it } from 'vitest';
import { runEventKeyAction, runKeyAction, type RunKey } from '../../../tui/keys/run-key-map';

const none: RunKey = { upArrow: false, downArrow: false, return: false };

describe('runKeyAction', () => {
  it('G and f follow the newest event', () => {
    for (const input of ['G', 'f']) expect(runKeyAction(input, none, { selected: 0, count: 5 })).toEqual({ kind: 'follow' });
  });

  it('↑ and k move back and stop following', () => {
    expect(runKeyAction('k', none, { selected: 4, count: 5 })).toEqual({ kind: 'move', by: -1, follow: false });
    expect(runKeyAction('', { ...none, upArrow: true }, { selected: 4, count: 5 })).toEqual({ kind: 'move', by: -1, follow: false });
  });

  it('↓ and j move on, and follow again once they reach the newest event', () => {
    expect(runKeyAction('j', none, { selected: 1, count: 5 })).toEqual({ kind: 'move', by: 1, follow: false });
    expect(runKeyAction('', { ...none, downArrow: true }, { selected: 3, count: 5 })).toEqual({ kind: 'move', by: 1, follow: true });
    expect(runKeyAction('j', none, { selected: 4, count: 5 })).toEqual({ kind: 'move', by: 1, follow: true });
  });

  it('Enter opens the selected event, and means nothing before the first event', () => {
    expect(runKeyAction('', { ...none, return: true }, { selected: 2, count: 5 })).toEqual({ kind: 'open-event' });
    expect(runKeyAction('', { ...none, return: true }, { selected: 0, count: 0 })).toBeNull();
  });

  it('other keys mean nothing', () => {
    for (const input of ['g', 'x', ' ', '']) expect(runKeyAction(input, none, { selected: 0, count: 5 })).toBeNull();
  });

  it('r replies to the selected step, and means nothing before the first event', () => {
    expect(runKeyAction('r', none, { selected: 2, count: 5 })).toEqual({ kind: 'reply-step' });
    expect(runKeyAction('r', none, { selected: 0, count: 0 })).toBeNull();
  });
});

describe('runEventKeyAction', () => {
  it("Enter opens a child run's timeline from its event", () => {
    expect(runEventKeyAction('', { return: true }, { hasChildRun: true })).toEqual({ kind: 'open-child-run' });
  });

  it('Enter on any other event, and every other key, means nothing (scrolling is the text pane’s)', () => {
    expect(runEventKeyAction('', { return: true }, { hasChildRun: false })).toBeNull();
    for (const input of ['j', 'o', 'x', '']) expect(runEventKeyAction(input, { return: false }, { hasChildRun: true })).toBeNull();
  });

  it('r replies to the step', () => {
    expect(runEventKeyAction('r', { return: false }, { hasChildRun: false })).toEqual({ kind: 'reply-step' });
  });
});
