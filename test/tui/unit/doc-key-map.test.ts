// The docs views' own keys as pure functions: the keys the help's Docs section lists.
import { describe, expect, it } from 'vitest';
import { docKeyAction, docsKeyAction } from '../../../tui/keys/doc-key-map';

describe('docKeyAction', () => {
  const read = { hasDoc: true, editing: false };

  it('e edits the doc in $EDITOR once it is read, not while $EDITOR is already open', () => {
    expect(docKeyAction('e', read)).toEqual({ kind: 'edit' });
    expect(docKeyAction('e', { hasDoc: false, editing: false })).toBeNull();
    expect(docKeyAction('e', { hasDoc: true, editing: true })).toBeNull();
  });

  it('r reloads, also before the doc is read', () => {
    expect(docKeyAction('r', read)).toEqual({ kind: 'reload' });
    expect(docKeyAction('r', { hasDoc: false, editing: false })).toEqual({ kind: 'reload' });
  });

  it('other keys mean nothing here (scrolling is the text pane’s)', () => {
    for (const input of ['E', 'R', 'j', ' ', 'x', '']) expect(docKeyAction(input, read)).toBeNull();
  });
});

describe('docsKeyAction', () => {
  const none = { upArrow: false, downArrow: false, return: false };
  const withItem = { hasItem: true };

  it('j k and the arrows move', () => {
    expect(docsKeyAction('j', none, withItem)).toEqual({ kind: 'move', by: 1 });
    expect(docsKeyAction('', { ...none, downArrow: true }, withItem)).toEqual({ kind: 'move', by: 1 });
    expect(docsKeyAction('k', none, withItem)).toEqual({ kind: 'move', by: -1 });
    expect(docsKeyAction('', { ...none, upArrow: true }, withItem)).toEqual({ kind: 'move', by: -1 });
  });

  it('Enter or e opens the selected folder or doc, and nothing in an empty folder', () => {
    expect(docsKeyAction('', { ...none, return: true }, withItem)).toEqual({ kind: 'open' });
    expect(docsKeyAction('e', none, withItem)).toEqual({ kind: 'open' });
    expect(docsKeyAction('', { ...none, return: true }, { hasItem: false })).toBeNull();
    expect(docsKeyAction('e', none, { hasItem: false })).toBeNull();
  });

  it('r reloads, also in an empty folder', () => {
    expect(docsKeyAction('r', none, { hasItem: false })).toEqual({ kind: 'reload' });
  });

  it('f searches every doc; g and G go to the ends (a cut tree ends with "More…")', () => {
    expect(docsKeyAction('f', none, { hasItem: false })).toEqual({ kind: 'search' });
    expect(docsKeyAction('G', none, withItem)).toEqual({ kind: 'move', by: Number.MAX_SAFE_INTEGER });
    expect(docsKeyAction('g', none, withItem)).toEqual({ kind: 'move', by: -Number.MAX_SAFE_INTEGER });
  });

  it('other keys mean nothing', () => {
    for (const input of ['E', 'x', ' ', 'F', '']) expect(docsKeyAction(input, none, withItem)).toBeNull();
  });
});
