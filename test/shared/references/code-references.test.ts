import { describe, expect, it } from 'vitest';
import {
  codeLocationLabel,
  codePermalink,
  codeSnippetMessage,
  isBinaryBytes,
  isBinaryString,
  jsonTextBytes,
  textLength,
  LIMITS,
  taskFromCode,
  type CodeLocation,
} from '../../../shared';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const at = (remoteUrl: string | null, extra: Partial<CodeLocation> = {}): CodeLocation => ({ remoteUrl, commit: COMMIT, path: 'src/a b.ts', startLine: 12, endLine: 18, ...extra });

describe('codePermalink', () => {
  it.each([
    ['git@github.com:acme/app.git', `https://github.com/acme/app/blob/${COMMIT}/src/a%20b.ts#L12-L18`],
    ['https://github.com/acme/app', `https://github.com/acme/app/blob/${COMMIT}/src/a%20b.ts#L12-L18`],
    ['ssh://git@gitlab.com:2222/group/sub/app.git', `https://gitlab.com/group/sub/app/-/blob/${COMMIT}/src/a%20b.ts#L12-18`],
    ['https://user@gitlab.example.com/g/app.git', `https://gitlab.example.com/g/app/-/blob/${COMMIT}/src/a%20b.ts#L12-18`],
    ['git@bitbucket.org:team/app.git', `https://bitbucket.org/team/app/src/${COMMIT}/src/a%20b.ts#lines-12:18`],
  ])('%s', (remote, link) => {
    expect(codePermalink(at(remote))).toBe(link);
  });

  it('links one line without a range', () => {
    expect(codePermalink(at('git@github.com:acme/app.git', { startLine: 5, endLine: 5 }))).toMatch(/#L5$/);
    expect(codePermalink(at('git@bitbucket.org:t/app.git', { startLine: 5, endLine: 5 }))).toMatch(/#lines-5$/);
  });

  it('is null without a known host, a remote or a commit', () => {
    expect(codePermalink(at('git@git.internal:acme/app.git'))).toBeNull();
    expect(codePermalink(at('/srv/git/app.git'))).toBeNull();
    expect(codePermalink(at(null))).toBeNull();
    expect(codePermalink(at('git@github.com:acme/app.git', { commit: null }))).toBeNull();
    expect(codePermalink(at('git@github.com:acme/app.git', { commit: 'HEAD' }))).toBeNull();
  });

  it('encodes each path segment, not the slashes', () => {
    expect(codePermalink(at('https://github.com/a/b', { path: 'docs/ünï#1.md', startLine: 1, endLine: 1 }))).toBe(
      `https://github.com/a/b/blob/${COMMIT}/docs/%C3%BCn%C3%AF%231.md#L1`,
    );
  });
});

describe('codeLocationLabel', () => {
  it('names path, lines and the short commit', () => {
    expect(codeLocationLabel(at(null))).toBe('src/a b.ts:12-18 @ 0123456');
    expect(codeLocationLabel(at(null, { commit: null, startLine: 3, endLine: 3 }))).toBe('src/a b.ts:3');
    expect(codeLocationLabel(at(null, { startLine: 9, endLine: 4, commit: null }))).toBe('src/a b.ts:4-9');
  });
});

describe('codeSnippetMessage', () => {
  it('links the location and fences the code in its language', () => {
    const r = codeSnippetMessage({ location: at('git@github.com:acme/app.git'), language: 'typescript', text: 'const a = 1;\r\nconst b = 2;\r\n', note: ' look here ' });
    expect(r).toEqual({
      ok: true,
      body: `look here\n\n[\`src/a b.ts:12-18\`](https://github.com/acme/app/blob/${COMMIT}/src/a%20b.ts#L12-L18)\n\`\`\`typescript\nconst a = 1;\nconst b = 2;\n\`\`\``,
    });
  });

  it('labels the location with the commit when there is no permalink', () => {
    const r = codeSnippetMessage({ location: at(null), language: '', text: 'x' });
    expect(r).toEqual({ ok: true, body: '`src/a b.ts:12-18 @ 0123456`\n```\nx\n```' });
  });

  it('uses a fence longer than any backtick run in the code', () => {
    const r = codeSnippetMessage({ location: at(null), language: 'md', text: '````\n```js\nx\n```\n````' });
    expect(r.ok && r.body.split('\n')[1]).toBe('`````md');
    expect(r.ok && r.body.endsWith('\n`````')).toBe(true);
  });

  it('refuses binary, empty and oversize text with a message and a hint', () => {
    const binary = codeSnippetMessage({ location: at(null), language: '', text: 'a\0b' });
    expect(binary).toMatchObject({ ok: false, reason: 'binary' });
    expect(codeSnippetMessage({ location: at(null), language: '', text: '\uD800x' })).toMatchObject({ ok: false, reason: 'binary' });
    expect(codeSnippetMessage({ location: at(null), language: '', text: ' \n\t\n' })).toMatchObject({ ok: false, reason: 'empty' });
    const big = codeSnippetMessage({ location: at(null), language: '', text: 'x'.repeat(LIMITS.messageBodyMax + 1) });
    expect(big).toMatchObject({ ok: false, reason: 'too_large' });
    if (!big.ok) {
      expect(big.message).toMatch(/too large to share: [\d,]+ characters, and a message holds at most 40,000\./);
      expect(big.hint).toMatch(/fewer lines/);
    }
  });

  it('counts the JSON-escaped UTF-8 size of a text', () => {
    expect(jsonTextBytes('a"\n')).toBe(7);
    expect(jsonTextBytes('é')).toBe(4);
  });

  it('refuses a body just over the message bound, in characters as the contract counts them', () => {
    const overhead = (() => {
      const r = codeSnippetMessage({ location: at(null), language: 'ts', text: 'x' });
      return r.ok ? r.body.length - 1 : Number.NaN;
    })();
    const fits = codeSnippetMessage({ location: at(null), language: 'ts', text: 'x'.repeat(LIMITS.messageBodyMax - overhead) });
    expect(fits.ok && fits.body.length).toBe(LIMITS.messageBodyMax);
    const over = codeSnippetMessage({ location: at(null), language: 'ts', text: 'x'.repeat(LIMITS.messageBodyMax - overhead + 1) });
    expect(over).toMatchObject({ ok: false, reason: 'too_large', hint: 'Share fewer lines (path:L1-L2), or link to the file instead.' });
    if (!over.ok) expect(over.message).toBe('src/a b.ts:12-18 @ 0123456 is too large to share: 40,001 characters, and a message holds at most 40,000.');
    // A character outside the BMP is one character (two UTF-16 units); quotes are not doubled.
    expect(textLength('a😀"')).toBe(3);
    expect(codeSnippetMessage({ location: at(null), language: '', text: '😀'.repeat(LIMITS.messageBodyMax - overhead) })).toMatchObject({ ok: true });
  });

  it('bounds a task note by the note limit', () => {
    const text = 'x'.repeat(LIMITS.taskNoteMax + 1);
    expect(codeSnippetMessage({ location: at(null), language: '', text })).toMatchObject({ ok: true });
    const note = codeSnippetMessage({ location: at(null), language: '', text, into: 'note' });
    expect(note).toMatchObject({ ok: false, reason: 'too_large' });
    if (!note.ok) expect(note.message).toMatch(/and a task note holds at most 10,000\.$/);
  });
});

describe('binary content', () => {
  it('knows binary bytes and strings', () => {
    expect(isBinaryBytes(new TextEncoder().encode('plain ünïcode'))).toBe(false);
    expect(isBinaryBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(isBinaryBytes(Uint8Array.from([0x61, 0x00, 0x62]))).toBe(true);
    expect(isBinaryString('😀 fine')).toBe(false);
    expect(isBinaryString('\uDC00')).toBe(true);
  });
});

describe('taskFromCode', () => {
  it('titles the task from a TODO and links the lines in the description', () => {
    const t = taskFromCode({ text: '  // TODO: retry the upload when offline', location: at('git@github.com:acme/app.git', { startLine: 40, endLine: 40 }) });
    expect(t.title).toBe('retry the upload when offline');
    expect(t.description).toBe(
      `From \`src/a b.ts:40\`: https://github.com/acme/app/blob/${COMMIT}/src/a%20b.ts#L40\n\n\`\`\`\n  // TODO: retry the upload when offline\n\`\`\``,
    );
  });

  it('names path, line and commit without a permalink, and "not committed" without a commit', () => {
    expect(taskFromCode({ text: '# FIXME handle CRLF', location: at(null, { startLine: 3, endLine: 3 }) }).description).toMatch(/^From `src\/a b.ts:3` at commit 0123456789ab\./);
    expect(taskFromCode({ text: 'x', location: at(null, { commit: null }) }).description).toMatch(/^From `src\/a b.ts:12` \(not committed yet\)\./);
  });

  it('titles a selection by its first line without comment marks, cut at a word edge', () => {
    expect(taskFromCode({ text: '\n/* Cache the user list */\nconst x = 1;', location: at(null) }).title).toBe('Cache the user list');
    const long = taskFromCode({ text: `// ${'word '.repeat(60)}`, location: at(null) }).title;
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('word…')).toBe(true);
    expect(taskFromCode({ text: '   ', location: at(null, { startLine: 7, endLine: 9 }) }).title).toBe('Follow up in src/a b.ts:7');
  });
});
