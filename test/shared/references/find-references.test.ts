import { describe, expect, it } from 'vitest';
import { completionPrefixAt, findReferences, referenceAt } from '../../../shared';

const tasks = (text: string, markdown = false): string[] =>
  findReferences(text, { markdown }).flatMap((r) => (r.kind === 'task' ? [r.ref] : []));
const people = (text: string): string[] => findReferences(text).flatMap((r) => (r.kind === 'person' ? [r.handle] : []));

describe('task refs in text', () => {
  it.each([
    ['T-12', ['T-12']],
    ['fix T-12', ['T-12']],
    ['T-12 at the start, T-13 at the end T-14', ['T-12', 'T-13', 'T-14']],
    ['t-12 lower case', ['T-12']],
    ['(T-12), [T-13]. T-14! "T-15"', ['T-12', 'T-13', 'T-14', 'T-15']],
    ['T-12-login is the branch', ['T-12']],
    ['T-0 is no task', []],
    ['T-012 has a leading zero', []],
    ['XT-12 and ABT-1', []],
    ['T-12abc and T-12_x', []],
    ['foo_T-12 and foo-T-12', []],
    ['src/T-12.ts', []],
    ['T12 and T- 12', []],
    ['éT-12 and T-12é', []],
    ['Ünïcødé before T-7 — and after', ['T-7']],
    ['line one\r\nT-3\r\nline three', ['T-3']],
    ['#T-9 in a heading', ['T-9']],
  ])('%j -> %j', (text, refs) => {
    expect(tasks(text)).toEqual(refs);
  });

  it('gives offsets into the text (UTF-16, end exclusive)', () => {
    const text = '😀 T-42.';
    const [ref] = findReferences(text);
    expect(ref).toMatchObject({ kind: 'task', ref: 'T-42', number: 42 });
    expect(text.slice(ref!.start, ref!.end)).toBe('T-42');
  });

  it('skips refs inside URLs but keeps the ones around them', () => {
    expect(tasks('see https://tracker.example/browse/T-12 and T-13')).toEqual(['T-13']);
    expect(tasks('http://x.dev/T-12?ref=T-14#T-15')).toEqual([]);
    expect(tasks('www.example.com/T-12 T-2')).toEqual(['T-2']);
    expect(tasks('[T-12](https://tracker.example/T-12)')).toEqual(['T-12']);
    expect(tasks('<https://x.dev/T-1>, T-3')).toEqual(['T-3']);
  });

  it('skips handles in e-mail addresses and URLs', () => {
    expect(people('ask @maria or @olivia-bot.')).toEqual(['maria', 'olivia-bot']);
    expect(people('mail maria@example.com')).toEqual([]);
    expect(people('https://x.dev/@maria')).toEqual([]);
    expect(people('@@x and @ alone')).toEqual([]);
    expect(people('@maria, @ünï')).toEqual(['maria', 'ünï']);
  });
});

describe('Markdown code holds no refs', () => {
  it('skips fenced blocks of ``` and ~~~, closed or not', () => {
    const text = 'T-1\n```ts\nconst x = "T-2";\n```\nT-3\n~~~\nT-4\n~~~\nT-5\n````\n```\nT-6\n````\nT-7\n~~~\nT-8';
    expect(tasks(text, true)).toEqual(['T-1', 'T-3', 'T-5', 'T-7']);
    expect(tasks(text, false)).toEqual(['T-1', 'T-2', 'T-3', 'T-4', 'T-5', 'T-6', 'T-7', 'T-8']);
  });

  it('skips fences with CRLF line ends and a closing fence only of the same character', () => {
    expect(tasks('```\r\nT-1\r\n~~~\r\nT-2\r\n```\r\nT-3', true)).toEqual(['T-3']);
  });

  it('skips inline code, with runs of several backticks', () => {
    expect(tasks('`T-1` T-2 ``a ` T-3`` T-4', true)).toEqual(['T-2', 'T-4']);
    expect(tasks('an unmatched ` T-5', true)).toEqual(['T-5']);
  });
});

describe('message links', () => {
  const link = 'https://wsc.example/w/ws-1/c/ch-2/m/msg-3';
  it('counts a whole copied message link (message or thread) as one reference', () => {
    const text = `look: ${link}. And https://wsc.example/w/ws-1/c/ch-2/t/root-9 too`;
    const refs = findReferences(text).filter((r) => r.kind === 'message');
    expect(refs.map((r) => (r.kind === 'message' ? r.url : ''))).toEqual([link, 'https://wsc.example/w/ws-1/c/ch-2/t/root-9']);
    expect(text.slice(refs[0]!.start, refs[0]!.end)).toBe(link);
  });
  it('ignores links to a channel only, and other URLs', () => {
    expect(findReferences('https://wsc.example/w/ws-1/c/ch-2 https://example.com/a')).toEqual([]);
  });
  it('ignores a link inside Markdown code', () => {
    expect(findReferences(`\`${link}\``, { markdown: true })).toEqual([]);
  });
});

describe('referenceAt', () => {
  it('finds the reference under an offset, including just after it', () => {
    const text = 'fix T-12 now';
    expect(referenceAt(text, 4)).toMatchObject({ ref: 'T-12' });
    expect(referenceAt(text, 8)).toMatchObject({ ref: 'T-12' });
    expect(referenceAt(text, 2)).toBeNull();
    expect(referenceAt(text, 10)).toBeNull();
  });
});

describe('completionPrefixAt', () => {
  it.each([
    ['T-', { kind: 'task', typed: '', start: 0 }],
    ['fix T-1', { kind: 'task', typed: '1', start: 4 }],
    ['fix t-lo', { kind: 'task', typed: 'lo', start: 4 }],
    ['fix #', { kind: 'task', typed: '', start: 4 }],
    ['fix #log', { kind: 'task', typed: 'log', start: 4 }],
    ['ask @', { kind: 'person', typed: '', start: 4 }],
    ['ask @ma', { kind: 'person', typed: 'ma', start: 4 }],
    ['line\n@ol', { kind: 'person', typed: 'ol', start: 5 }],
    ['XT-1', null],
    ['maria@ex', null],
    ['https://x.dev/T-1', null],
    ['https://x.dev/#a', null],
    ['T-12 done', null],
    ['', null],
  ])('%j -> %j', (text, expected) => {
    expect(completionPrefixAt(text, text.length)).toEqual(expected);
  });

  it('reads only up to the offset', () => {
    expect(completionPrefixAt('fix T-12 now', 7)).toEqual({ kind: 'task', typed: '1', start: 4 });
  });
});
