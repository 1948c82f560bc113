// The picker's keys as a pure function: the keys its title line offers (Enter or 1-9 picks · Esc
// cancels) and j/k, ↑/↓ to move.
import { describe, expect, it } from 'vitest';
import { pickerKeyAction, pickerOptionKeys, type PickerKey } from '../../../tui/keys/picker-key-map';

const none: PickerKey = { upArrow: false, downArrow: false, return: false, escape: false };
const byPosition = pickerOptionKeys([{}, {}, {}]);

describe('pickerOptionKeys', () => {
  it('numbers the options 1-9 by position when none has a key of its own, none after the ninth', () => {
    expect(byPosition).toEqual(['1', '2', '3']);
    expect(pickerOptionKeys(Array.from({ length: 11 }, () => ({}))).slice(8)).toEqual(['9', '', '']);
  });

  it("uses the options' own keys when one has any ('' for an option without)", () => {
    expect(pickerOptionKeys([{ key: '0' }, { key: '4' }, {}])).toEqual(['0', '4', '']);
  });
});

describe('pickerKeyAction', () => {
  it('Esc cancels', () => {
    expect(pickerKeyAction('', { ...none, escape: true }, { selected: 1, keys: byPosition })).toEqual({ kind: 'cancel' });
  });

  it('Enter picks the selected option, and nothing when there is no option', () => {
    expect(pickerKeyAction('', { ...none, return: true }, { selected: 2, keys: byPosition })).toEqual({ kind: 'pick', index: 2 });
    expect(pickerKeyAction('', { ...none, return: true }, { selected: 0, keys: [] })).toBeNull();
  });

  it("an option's key picks it at once, whatever is selected", () => {
    expect(pickerKeyAction('3', none, { selected: 0, keys: byPosition })).toEqual({ kind: 'pick', index: 2 });
    expect(pickerKeyAction('0', none, { selected: 1, keys: ['0', '1', '2'] })).toEqual({ kind: 'pick', index: 0 });
  });

  it('j and ↓ move down, k and ↑ move up', () => {
    const state = { selected: 1, keys: byPosition };
    expect(pickerKeyAction('j', none, state)).toEqual({ kind: 'move', by: 1 });
    expect(pickerKeyAction('', { ...none, downArrow: true }, state)).toEqual({ kind: 'move', by: 1 });
    expect(pickerKeyAction('k', none, state)).toEqual({ kind: 'move', by: -1 });
    expect(pickerKeyAction('', { ...none, upArrow: true }, state)).toEqual({ kind: 'move', by: -1 });
  });

  it('other keys mean nothing: a number with no option, letters, an empty input', () => {
    const state = { selected: 0, keys: byPosition };
    for (const input of ['4', '0', 'x', 'q', ' ', '']) expect(pickerKeyAction(input, none, state)).toBeNull();
    expect(pickerKeyAction('1', none, { selected: 0, keys: ['0', '4'] })).toBeNull();
  });
});
