// The keymaps that were help lines beside a match are bindings now: the help and the title hints are
// made from the same entries the keys are matched with, so they say what the keys do.
import { describe, expect, it } from 'vitest';
import { actionFormHint } from '../../../tui/keys/action-form-key-map';
import { COMPOSE_KEYS, composeKeyHelp } from '../../../tui/keys/compose-key-map';
import { connectChoiceKeyAction, connectChoiceKeyHelp } from '../../../tui/keys/connect-choice-key-map';
import { helpCloseHint } from '../../../tui/keys/help-key-map';
import { keySectionsFor } from '../../../tui/keys/help-sections';
import { keyHelp, keyMatches } from '../../../tui/keys/key-binding';
import { pickerHint } from '../../../tui/keys/picker-key-map';
import { promptHint } from '../../../tui/keys/prompt-key-map';
import { LINE_EDIT_KEY_HELP } from '../../../tui/line-cursor';
import { inkKey } from '../support/ink-key';

describe('help made from the bindings', () => {
  it("compose: its actions' lines, with the line editor's lines (beside editDraft) after send and new line", () => {
    const compose = keySectionsFor('channel').find((s) => s.title === 'Compose')?.keys;
    expect(compose).toEqual(composeKeyHelp());
    const own = keyHelp(COMPOSE_KEYS);
    expect(compose).toEqual([...own.slice(0, 2), ...LINE_EDIT_KEY_HELP, ...own.slice(2)]);
    expect(compose?.map((h) => h.keys)).toEqual(['Enter', 'Alt+Enter  or  Ctrl+J', '← →  Home End', 'Alt+← →  or  Ctrl+← →', 'Ctrl+W  Ctrl+U  Ctrl+K', 'Ctrl+G', '@name then Tab', '↑ on an empty box', 'Esc']);
  });

  it('Alt+Enter and Ctrl+J are keys a binding can name (Ctrl+J arrives as a bare LF)', () => {
    expect(keyMatches('Alt+Enter', '', inkKey({ return: true, meta: true }))).toBe(true);
    expect(keyMatches('Alt+Enter', '', inkKey({ return: true }))).toBe(false);
    expect(keyMatches('Enter', '', inkKey({ return: true, meta: true }))).toBe(false);
    expect(keyMatches('Ctrl+J', '\n', inkKey())).toBe(true);
  });

  it("the titles' hints: picker, prompt, form and help overlay", () => {
    expect(pickerHint('1-3')).toBe('Enter or 1-3 picks · Esc cancels');
    expect(promptHint()).toBe('Enter confirms · Esc cancels');
    expect(actionFormHint()).toBe('Enter next/run · Esc back');
    expect(helpCloseHint()).toBe('Esc closes');
  });

  it("the connect screen's lines are its bindings' help, and each names a key that does it", () => {
    expect(connectChoiceKeyHelp().map((h) => h.keys)).toEqual(['d (or Enter)', 'q']);
    expect(connectChoiceKeyAction('d', inkKey())).toEqual({ kind: 'demo' });
    expect(connectChoiceKeyAction('q', inkKey())).toEqual({ kind: 'quit' });
  });
});
