// OSC 8 links in rendered terminal lines: only what the body names, a wrapped URL's pieces link to
// the whole URL, a ref inside a URL or code is no ref, and the visible text never changes.
import { describe, expect, it } from 'vitest';
import { linkSafeLine, linkTargets, term } from '../../../shared/index';

const link = (target: string, text: string) => `\x1b]8;;${target}\x07${text}\x1b]8;;\x07`;
const visible = (s: string) => s.replace(/\x1b\]8;;[^\x07]*\x07/g, '');

describe('linkSafeLine', () => {
  it('links a URL to itself and a T-ref to the editor; text unchanged', () => {
    const targets = linkTargets('see https://x.dev/a?b=1 and T-12.');
    const line = term`see https://x.dev/a?b=1 and T-12.`;
    const out = linkSafeLine(line, targets);
    expect(out).toBe(`see ${link('https://x.dev/a?b=1', 'https://x.dev/a?b=1')} and ${link('vscode://wsc-dev.wsc/open?task=T-12', 'T-12')}.`);
    expect(visible(out)).toBe(line);
  });

  it('the pieces of a URL cut by the line wrap link to the whole URL; a ref inside the URL or in code is none', () => {
    const url = 'https://x.dev/T-7/very/long/path';
    const targets = linkTargets(`${url} and \`T-9\``);
    expect(linkSafeLine(term`https://x.dev/T-7/very`, targets)).toBe(link(url, 'https://x.dev/T-7/very'));
    expect(linkSafeLine(term`T-9 and text`, targets)).toBe('T-9 and text');
  });
});
