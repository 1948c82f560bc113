// The docs views' own keys as pure functions: the keys the help's Docs section lists.
import { describe, expect, it } from 'vitest';
import { docKeyAction } from '../../../tui/views/doc-key-map';

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
