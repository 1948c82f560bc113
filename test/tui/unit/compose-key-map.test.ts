// The compose box's keys as a pure function of the key and the box's state: editing at the
// cursor, a paste as one insert, sending, completion and editing your last message, with no screen.
import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { composeKeyAction, type ComposeKeyState } from '../../../tui/keys/compose-key-map';
import type { Draft } from '../../../tui/line-cursor';
import { inkKey } from '../support/ink-key';

const at = (text: string, cursor = text.length): ComposeKeyState => ({ draft: { text, cursor }, editing: false, busy: false, suggestions: [], choice: 0, canOpenEditor: true });

/** Runs keys one after another from `state`, as the box does, and returns the draft they leave. */
function typeKeys(state: ComposeKeyState, keys: [string, Partial<Key>?][]): Draft {
  let draft = state.draft;
  for (const [input, key] of keys) {
    const action = composeKeyAction(input, inkKey(key), { ...state, draft });
    if (action?.kind === 'draft') draft = action.draft;
  }
  return draft;
}

describe('composeKeyAction: editing', () => {
  it('typed characters are inserted at the cursor, one key at a time', () => {
    expect(typeKeys(at(''), [['h'], ['i']])).toEqual({ text: 'hi', cursor: 2 });
    expect(composeKeyAction('X', inkKey(), at('ab', 1))).toEqual({ kind: 'draft', draft: { text: 'aXb', cursor: 2 } });
  });

  it('a pasted line arrives as one input and is inserted whole at the cursor, its tabs kept', () => {
    const line = 'the whole pasted line, with @maria and a tab\there';
    expect(composeKeyAction(line, inkKey(), at('> ', 2))).toEqual({ kind: 'draft', draft: { text: `> the whole pasted line, with @maria and a tab\there`, cursor: 51 } });
    expect(composeKeyAction('a\x07b\x1bc', inkKey(), at(''))).toEqual({ kind: 'draft', draft: { text: 'abc', cursor: 3 } });
    expect(composeKeyAction('one\r\ntwo\rthree', inkKey(), at(''))).toEqual({ kind: 'draft', draft: { text: 'one\ntwo\nthree', cursor: 13 } });
  });

  it('Backspace (DEL or BS) deletes before the cursor, Ctrl+D after it, a surrogate pair as one', () => {
    expect(composeKeyAction('', inkKey({ delete: true }), at('abc', 2))).toEqual({ kind: 'draft', draft: { text: 'ac', cursor: 1 } });
    expect(composeKeyAction('', inkKey({ backspace: true }), at('abc', 2))).toEqual({ kind: 'draft', draft: { text: 'ac', cursor: 1 } });
    expect(composeKeyAction('d', inkKey({ ctrl: true }), at('abc', 1))).toEqual({ kind: 'draft', draft: { text: 'ac', cursor: 1 } });
    expect(composeKeyAction('', inkKey({ delete: true }), at('a😀'))).toEqual({ kind: 'draft', draft: { text: 'a', cursor: 1 } });
  });

  it('Ctrl+W deletes the word before the cursor, Ctrl+U everything, Ctrl+K to the end of the line', () => {
    expect(composeKeyAction('w', inkKey({ ctrl: true }), at('ship the build', 8))).toEqual({ kind: 'draft', draft: { text: 'ship  build', cursor: 5 } });
    expect(composeKeyAction('u', inkKey({ ctrl: true }), at('ship it', 3))).toEqual({ kind: 'draft', draft: { text: '', cursor: 0 } });
    expect(composeKeyAction('k', inkKey({ ctrl: true }), at('one two\nthree', 3))).toEqual({ kind: 'draft', draft: { text: 'one\nthree', cursor: 3 } });
  });

  it('the cursor moves by character, by word and to the line ends, and typing lands there', () => {
    const start = at('fix the build');
    expect(typeKeys(start, [['', { leftArrow: true }], ['', { leftArrow: true }]]).cursor).toBe(11);
    expect(typeKeys(start, [['', { leftArrow: true, meta: true }]]).cursor).toBe(8);
    expect(typeKeys(start, [['b', { meta: true }], ['b', { meta: true }]]).cursor).toBe(4);
    expect(typeKeys(start, [['a', { ctrl: true }], ['f', { meta: true }]]).cursor).toBe(3);
    expect(typeKeys(start, [['', { home: true }], ['', { rightArrow: true }], ['e', { ctrl: true }]]).cursor).toBe(13);
    expect(typeKeys(start, [['', { home: true }], ['please '], ['', { end: true }], ['!']])).toEqual({ text: 'please fix the build!', cursor: 21 });
  });

  it('Alt+Enter and Ctrl+J start a new line at the cursor; Enter does not', () => {
    expect(composeKeyAction('\r', inkKey({ return: true, meta: true }), at('ab', 1))).toEqual({ kind: 'draft', draft: { text: 'a\nb', cursor: 2 } });
    expect(composeKeyAction('\n', inkKey(), at('ab'))).toEqual({ kind: 'draft', draft: { text: 'ab\n', cursor: 3 } });
  });

  it('keys that change nothing mean nothing: a move at the end, Backspace on an empty box, Tab, PgUp', () => {
    expect(composeKeyAction('', inkKey({ rightArrow: true }), at('ab'))).toBeNull();
    expect(composeKeyAction('', inkKey({ delete: true }), at(''))).toBeNull();
    expect(composeKeyAction('\t', inkKey({ tab: true }), at('ab'))).toBeNull();
    expect(composeKeyAction('', inkKey({ pageUp: true }), at('ab'))).toBeNull();
    expect(composeKeyAction('x', inkKey({ ctrl: true }), at('ab'))).toBeNull();
  });
});

describe('composeKeyAction: sending and the rest', () => {
  it('Enter sends the text as typed; a blank box sends nothing', () => {
    expect(composeKeyAction('\r', inkKey({ return: true }), at(' hello '))).toEqual({ kind: 'send', text: ' hello ' });
    expect(composeKeyAction('\r', inkKey({ return: true }), at(' \n '))).toBeNull();
  });

  it('while your message is edited Enter saves it and Esc cancels; otherwise Esc leaves the box', () => {
    const editing = { ...at('fixed'), editing: true };
    expect(composeKeyAction('\r', inkKey({ return: true }), editing)).toEqual({ kind: 'save-edit', text: 'fixed' });
    expect(composeKeyAction('', inkKey({ escape: true }), editing)).toEqual({ kind: 'cancel-edit' });
    expect(composeKeyAction('', inkKey({ escape: true }), at('draft'))).toEqual({ kind: 'leave' });
  });

  it('↑ on an empty box edits your last message; on a draft, or while editing, it does not', () => {
    expect(composeKeyAction('', inkKey({ upArrow: true }), at(''))).toEqual({ kind: 'edit-last' });
    expect(composeKeyAction('', inkKey({ upArrow: true }), at('x'))).toBeNull();
    expect(composeKeyAction('', inkKey({ upArrow: true }), { ...at(''), editing: true })).toBeNull();
  });

  it('with completions shown, ↑/↓ pick one (wrapping) and Tab or Enter completes it at the cursor', () => {
    const state = { ...at('hi @ma there', 6), suggestions: ['@maria', '@mark'], choice: 0 };
    expect(composeKeyAction('', inkKey({ downArrow: true }), state)).toEqual({ kind: 'choose', choice: 1 });
    expect(composeKeyAction('', inkKey({ upArrow: true }), state)).toEqual({ kind: 'choose', choice: 1 });
    expect(composeKeyAction('\t', inkKey({ tab: true }), { ...state, choice: 1 })).toEqual({ kind: 'draft', draft: { text: 'hi @mark  there', cursor: 9 } });
    expect(composeKeyAction('\r', inkKey({ return: true }), state)).toEqual({ kind: 'draft', draft: { text: 'hi @maria  there', cursor: 10 } });
  });

  it('while an @name nobody matches is typed, Tab is the box\'s (held), not the focus move', () => {
    expect(composeKeyAction('\t', inkKey({ tab: true }), { ...at('hi @zz'), mentionTyped: true })).toEqual({ kind: 'hold' });
    expect(composeKeyAction('\t', inkKey({ tab: true }), { ...at('hi zz'), mentionTyped: false })).toBeNull();
  });

  it('Ctrl+G opens $EDITOR when there is one; while it (or a save) is under way every key waits', () => {
    expect(composeKeyAction('g', inkKey({ ctrl: true }), at('x'))).toEqual({ kind: 'open-editor' });
    expect(composeKeyAction('g', inkKey({ ctrl: true }), { ...at('x'), canOpenEditor: false })).toBeNull();
    const busy = { ...at('x'), busy: true };
    for (const [input, key] of [['a', {}], ['\r', { return: true }], ['', { escape: true }]] as const) expect(composeKeyAction(input, inkKey(key), busy)).toBeNull();
  });
});
