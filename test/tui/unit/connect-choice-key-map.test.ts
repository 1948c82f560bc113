// The "not connected" screen's keys as a pure function: the two choices it lists.
import { describe, expect, it } from 'vitest';
import { connectChoiceKeyAction } from '../../../tui/keys/connect-choice-key-map';
import { inkKey } from '../support/ink-key';

describe('connectChoiceKeyAction', () => {
  it('d or Enter opens the built-in demo', () => {
    expect(connectChoiceKeyAction('d', inkKey())).toEqual({ kind: 'demo' });
    expect(connectChoiceKeyAction('', inkKey({ return: true }))).toEqual({ kind: 'demo' });
  });

  it('q or Esc quits', () => {
    expect(connectChoiceKeyAction('q', inkKey())).toEqual({ kind: 'quit' });
    expect(connectChoiceKeyAction('', inkKey({ escape: true }))).toEqual({ kind: 'quit' });
  });

  it('other keys mean nothing (the screen stays until one of the two)', () => {
    for (const input of ['D', 'Q', 'x', 'l', ' ', '']) expect(connectChoiceKeyAction(input, inkKey())).toBeNull();
    expect(connectChoiceKeyAction('', inkKey({ tab: true }))).toBeNull();
    expect(connectChoiceKeyAction('', inkKey({ upArrow: true }))).toBeNull();
  });
});
