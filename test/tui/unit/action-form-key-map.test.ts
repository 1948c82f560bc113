// The palette form's keys as a pure function: the keys its title line offers (Enter next/run · Esc
// back), ↑/↓ and Shift+Tab/Tab between fields, and the line editing of a field.
import { describe, expect, it } from 'vitest';
import { actionFormKeyAction, type ActionFormKeyState } from '../../../tui/keys/action-form-key-map';
import { inkKey } from '../support/ink-key';

const first: ActionFormKeyState = { at: 0, count: 3, value: 'ab', problem: false };
const last: ActionFormKeyState = { ...first, at: 2 };

describe('actionFormKeyAction', () => {
  it('Esc goes back', () => {
    expect(actionFormKeyAction('', inkKey({ escape: true }), first)).toEqual({ kind: 'cancel' });
  });

  it('↓ and Tab move to the next field, ↑ and Shift+Tab to the previous one', () => {
    expect(actionFormKeyAction('', inkKey({ downArrow: true }), first)).toEqual({ kind: 'move', by: 1 });
    expect(actionFormKeyAction('\t', inkKey({ tab: true }), first)).toEqual({ kind: 'move', by: 1 });
    expect(actionFormKeyAction('', inkKey({ upArrow: true }), last)).toEqual({ kind: 'move', by: -1 });
    expect(actionFormKeyAction('\t', inkKey({ tab: true, shift: true }), last)).toEqual({ kind: 'move', by: -1 });
  });

  it('Enter moves to the next field, and on the last one (or a form with no fields) runs the command', () => {
    expect(actionFormKeyAction('', inkKey({ return: true }), first)).toEqual({ kind: 'move', by: 1 });
    expect(actionFormKeyAction('', inkKey({ return: true }), last)).toEqual({ kind: 'submit' });
    expect(actionFormKeyAction('', inkKey({ return: true }), { at: 0, count: 0, value: '', problem: false })).toEqual({ kind: 'submit' });
  });

  it("typed text, Backspace, Ctrl+U and Ctrl+W edit the field's text", () => {
    expect(actionFormKeyAction('c d', inkKey(), first)).toEqual({ kind: 'edit', value: 'abc d' });
    expect(actionFormKeyAction('', inkKey({ backspace: true }), first)).toEqual({ kind: 'edit', value: 'a' });
    expect(actionFormKeyAction('u', inkKey({ ctrl: true }), first)).toEqual({ kind: 'edit', value: '' });
    expect(actionFormKeyAction('w', inkKey({ ctrl: true }), { ...first, value: 'x yz' })).toEqual({ kind: 'edit', value: 'x ' });
  });

  it('a key that does not edit puts a shown problem away, and otherwise means nothing', () => {
    for (const key of [inkKey({ leftArrow: true }), inkKey({ pageDown: true }), inkKey({ ctrl: true })]) {
      expect(actionFormKeyAction('', key, first)).toBeNull();
      expect(actionFormKeyAction('', key, { ...first, problem: true })).toEqual({ kind: 'clear-problem' });
    }
  });

  it('with no field (a form without inputs) typed text means nothing', () => {
    expect(actionFormKeyAction('x', inkKey(), { at: 0, count: 0, value: '', problem: false })).toBeNull();
  });
});
