import { describe, expect, it } from 'vitest';
import { DOC_SCHEME, docFileName, docUriParts, docUriPath, docUriString, parseDocUri, parseDocUriPath } from '../../../extension/docs/doc-uri';

describe('doc URIs: wsc-doc:/<title>.md?id=<docId>', () => {
  it('names the doc by its title in the path (tab, breadcrumbs, hover) and by its id in the query', () => {
    const id = 'd0000000-0000-4000-8000-000000000002';
    expect(docUriParts(id, 'Deploy guide')).toEqual({ path: '/Deploy guide.md', query: `id=${id}` });
    expect(docUriString(id, 'Deploy guide')).toBe(`wsc-doc:/Deploy%20guide.md?id=${id}`);
    const { path, query } = docUriParts('odd/id %&', 'T');
    expect(parseDocUri(path, query)).toEqual({ docId: 'odd/id %&', fileName: 'T.md' });
    // A renamed title still names the same doc; the root and a bad id name none.
    expect(parseDocUri('/New name.md', `id=${id}`)?.docId).toBe(id);
    expect(parseDocUri('/', `id=${id}`)).toBeNull();
    expect(parseDocUri('/x.md', 'id=%E0%A4%A')).toBeNull();
    expect(parseDocUri('/x.md', 'id=')).toBeNull();
    // The earlier form (editors restored from before) still resolves.
    expect(parseDocUri(`/${id}/Onboarding.md`, '')).toEqual({ docId: id, fileName: 'Onboarding.md' });
  });
});

describe('the earlier doc URIs: wsc-doc:/<docId>/<title>.md', () => {
  it('uses the wsc-doc scheme', () => {
    expect(DOC_SCHEME).toBe('wsc-doc');
  });

  it('makes a readable file name from the title', () => {
    expect(docFileName('Deploy guide')).toBe('Deploy guide.md');
    expect(docFileName('AGENTS.md')).toBe('AGENTS.md');
    expect(docFileName('a/b\\c: d?')).toBe('a-b-c- d-.md');
    expect(docFileName('   ')).toBe('Untitled.md');
    expect(docFileName('..')).toBe('Untitled.md');
    expect(docFileName('x'.repeat(300))).toHaveLength(123);
  });

  it('round-trips the id, whatever the title', () => {
    const id = 'd0000000-0000-4000-8000-000000000002';
    expect(docUriPath(id, 'Onboarding')).toBe(`/${id}/Onboarding.md`);
    expect(parseDocUriPath(docUriPath(id, 'Onboarding'))).toEqual({ docId: id, fileName: 'Onboarding.md' });
    expect(parseDocUriPath(docUriPath('odd/id %', 'T'))).toEqual({ docId: 'odd/id %', fileName: 'T.md' });
  });

  it('resolves by id alone: a renamed title still names the same doc', () => {
    expect(parseDocUriPath('/abc/Old name.md')?.docId).toBe('abc');
    expect(parseDocUriPath('/abc/New name.md')?.docId).toBe('abc');
    expect(parseDocUriPath('/abc')).toEqual({ docId: 'abc', fileName: '' });
  });

  it('names no doc for the root or deeper paths', () => {
    expect(parseDocUriPath('/')).toBeNull();
    expect(parseDocUriPath('')).toBeNull();
    expect(parseDocUriPath('/a/b/c.md')).toBeNull();
    expect(parseDocUriPath('/%E0%A4%A/x.md')).toBeNull();
  });
});
