// A one-line prompt's keys as a pure function: the keys its title line offers (Enter confirms · Esc
// cancels) and the line editing every prompt shares.
import { describe, expect, it } from 'vitest';
import { promptKeyAction } from '../../../tui/keys/prompt-key-map';
import { inkKey } from '../support/ink-key';

describe('promptKeyAction', () => {
  it('Esc cancels, whatever is typed', () => {
    expect(promptKeyAction('', inkKey({ escape: true }), 'half')).toEqual({ kind: 'cancel' });
  });

  it('Enter confirms the text as typed (also an empty one)', () => {
    expect(promptKeyAction('', inkKey({ return: true }), 'mine')).toEqual({ kind: 'submit', value: 'mine' });
    expect(promptKeyAction('', inkKey({ return: true }), '')).toEqual({ kind: 'submit', value: '' });
  });

  it('typed and pasted text is added to the line', () => {
    expect(promptKeyAction('a', inkKey(), 'fix ')).toEqual({ kind: 'edit', value: 'fix a' });
    expect(promptKeyAction('the build', inkKey(), 'fix ')).toEqual({ kind: 'edit', value: 'fix the build' });
  });

  it('a chunk holding a line break confirms the text up to the break', () => {
    expect(promptKeyAction('docs\rmore', inkKey(), 'write ')).toEqual({ kind: 'submit', value: 'write docs' });
    expect(promptKeyAction('\n', inkKey(), 'x')).toEqual({ kind: 'submit', value: 'x' });
  });

  it('Backspace removes a character, Ctrl+U clears, Ctrl+W removes the last word', () => {
    expect(promptKeyAction('', inkKey({ backspace: true }), 'abc')).toEqual({ kind: 'edit', value: 'ab' });
    expect(promptKeyAction('', inkKey({ delete: true }), 'abc')).toEqual({ kind: 'edit', value: 'ab' });
    expect(promptKeyAction('u', inkKey({ ctrl: true }), 'abc def')).toEqual({ kind: 'edit', value: '' });
    expect(promptKeyAction('w', inkKey({ ctrl: true }), 'abc def')).toEqual({ kind: 'edit', value: 'abc ' });
  });

  it('keys that do not edit mean nothing: arrows, Tab, other Ctrl keys, Backspace on an empty line', () => {
    for (const key of [inkKey({ upArrow: true }), inkKey({ leftArrow: true }), inkKey({ tab: true }), inkKey({ pageDown: true }), inkKey({ home: true })]) {
      expect(promptKeyAction('', key, 'abc')).toBeNull();
    }
    expect(promptKeyAction('a', inkKey({ ctrl: true }), 'abc')).toBeNull();
    expect(promptKeyAction('\r', inkKey({ meta: true }), 'abc')).toBeNull();
    expect(promptKeyAction('', inkKey({ backspace: true }), '')).toBeNull();
  });
});
