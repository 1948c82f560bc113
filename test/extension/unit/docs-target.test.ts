import { describe, expect, it } from 'vitest';
import { docTargetOf } from '../../../extension/docs/doc-target';
import { guestDocs, pullRequestNotice } from '../../../extension/docs/doc-messages';

describe('which doc a command acts on', () => {
  it('reads tree items, doc records, {docId} and wsc-doc URIs', () => {
    expect(docTargetOf({ doc: { id: 'd1', title: 'Notes', is_folder: false } })).toEqual({ id: 'd1', title: 'Notes', isFolder: false });
    expect(docTargetOf({ id: 'f1', title: 'Handbook', is_folder: true })).toEqual({ id: 'f1', title: 'Handbook', isFolder: true });
    expect(docTargetOf({ docId: 'd2' })).toEqual({ id: 'd2', title: undefined, isFolder: undefined });
    expect(docTargetOf('wsc-doc:/d3/Deploy%20guide.md')).toEqual({ id: 'd3' });
    expect(docTargetOf('wsc-doc:/Deploy%20guide.md?id=d3')).toEqual({ id: 'd3' });
    expect(docTargetOf('wsc-doc:/Deploy%20guide.md?id=d%2F4')).toEqual({ id: 'd/4' });
    expect(docTargetOf(undefined)).toBeUndefined();
    expect(docTargetOf({})).toBeUndefined();
    expect(docTargetOf('/')).toBeUndefined();
    // A stray % (not an escape) is no doc's address, not a URIError.
    expect(docTargetOf('wsc-doc:/d3/100%.md')).toBeUndefined();
  });
  it('says what happened and what to do next', () => {
    expect(guestDocs()).toMatch(/guests/i);
    expect(guestDocs()).toMatch(/Ask/);
    const text = pullRequestNotice('AGENTS.md', 7, false);
    expect(text).toContain('#7');
    expect(text).toMatch(/proposed as pull request/);
    expect(pullRequestNotice('AGENTS.md', 7, true)).toMatch(/no second pull request/);
  });
});
