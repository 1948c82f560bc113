// The command palette's keys as a pure function.
import { describe, expect, it } from 'vitest';
import { paletteKeyAction, type PaletteKey } from '../../../tui/keys/palette-key-map';

const none: PaletteKey = { upArrow: false, downArrow: false, return: false, escape: false, tab: false, ctrl: false };

describe('paletteKeyAction', () => {
  it('typed text edits the filter (q and : included: the palette takes text)', () => {
    for (const input of ['q', ':', 'chan']) expect(paletteKeyAction(input, none, { showingResult: false, filter: '' })).toEqual({ kind: 'edit-filter' });
  });

  it('leaves Tab and Ctrl+R to the whole screen (the focus moves, the service is tried again)', () => {
    expect(paletteKeyAction('', { ...none, tab: true }, { showingResult: false, filter: 'x' })).toBeNull();
    expect(paletteKeyAction('r', { ...none, ctrl: true }, { showingResult: false, filter: 'x' })).toBeNull();
  });

  it('Esc clears the filter first, then goes back', () => {
    expect(paletteKeyAction('', { ...none, escape: true }, { showingResult: false, filter: 'x' })).toEqual({ kind: 'clear-filter' });
    expect(paletteKeyAction('', { ...none, escape: true }, { showingResult: false, filter: '' })).toEqual({ kind: 'back' });
  });

  it('arrows move, Enter opens the form; on a result arrows scroll and Enter or Esc close it', () => {
    expect(paletteKeyAction('', { ...none, downArrow: true }, { showingResult: false, filter: '' })).toEqual({ kind: 'move', by: 1 });
    expect(paletteKeyAction('', { ...none, return: true }, { showingResult: false, filter: '' })).toEqual({ kind: 'open-form' });
    expect(paletteKeyAction('', { ...none, upArrow: true }, { showingResult: true, filter: '' })).toEqual({ kind: 'scroll', by: -1 });
    expect(paletteKeyAction('', { ...none, return: true }, { showingResult: true, filter: '' })).toEqual({ kind: 'close-result' });
    expect(paletteKeyAction('x', none, { showingResult: true, filter: '' })).toBeNull();
  });
});
