import { describe, expect, it } from 'vitest';
import { DOC_SCHEME, docFileName, docUriPath, docUriString, parseDocUriPath } from '../../extension/docs/doc-uri';

describe('doc URIs: wsc-doc:/<docId>/<title>.md', () => {
  it('uses the scheme the issue names', () => {
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
    expect(docUriString(id, 'Deploy guide')).toBe(`wsc-doc:/${id}/Deploy%20guide.md`);
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
