// The HTML renderer against a public XSS corpus (OWASP filter-evasion sheet, PortSwigger tag×event
// matrix, scheme obfuscations), each vector in every Markdown context where marked passes text
// through raw, judged by a WHATWG parser (parse5): no on* attribute, no script/iframe/object/embed/
// style/base/form/meta/svg/math, no javascript:/data:/vbscript: URL.
import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '../../../shared/markdown/render-html';
import { executableParts } from '../../support/html-judge';
import { CONTEXTS, OWASP_VECTORS, PORTSWIGGER_MATRIX, URL_VECTORS, XSS_VECTORS } from '../../fixtures/xss-corpus';

describe('the reported bypass', () => {
  it.each([
    ['paragraph', 'a <script> <img src=x onerror=alert(1)//'],
    ['heading', '# title <script> <img src=x onerror=alert(1)//'],
    ['table', '| a | b |\n|---|---|\n| <code> <svg onload=alert(1)// | x |'],
    ['list', '- item <kbd> <details open ontoggle=alert(1)//'],
    ['after <pre>', 'x <pre> <svg onload=alert(1)//'],
  ])('%s: no live handler', (_place, body) => {
    const html = renderMarkdownHtml(body);
    expect(executableParts(html)).toEqual([]);
  });
});

describe('XSS corpus', () => {
  it('is several hundred vectors', () => {
    expect(OWASP_VECTORS.length).toBeGreaterThanOrEqual(100);
    expect(PORTSWIGGER_MATRIX.length).toBeGreaterThanOrEqual(500);
    expect(URL_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(CONTEXTS.map(([name, wrap]) => [name, wrap] as const))('every vector renders inert: %s', (_name, wrap) => {
    const failures: string[] = [];
    for (const vector of XSS_VECTORS) {
      const problems = executableParts(renderMarkdownHtml(wrap(vector)));
      if (problems.length > 0) failures.push(`${JSON.stringify(vector)} → ${problems.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('ordinary Markdown still renders as markup', () => {
    const html = renderMarkdownHtml('# T\n\n**b** [l](https://x.example) ![i](https://x.example/i.png)\n\n- [x] done\n\n| a |\n|:-:|\n| 1 |\n\n```ts\nx\n```');
    expect(html).toContain('<h1>T</h1>');
    expect(html).toContain('<a href="https://x.example/" rel="noopener noreferrer">l</a>');
    expect(html).toContain('<img src="https://x.example/i.png" alt="i" />');
    expect(html).toContain('<input checked disabled type="checkbox" />');
    expect(html).toContain('<td align="center">1</td>');
    expect(html).toContain('<code class="language-ts">');
  });
});
