import { describe, expect, it } from 'vitest';
import { buildWebviewHtml, contentSecurityPolicy, makeNonce } from '../../../extension/panels/html';

describe('webview HTML shell', () => {
  const source = 'https://file+.vscode-resource.vscode-cdn.net';

  it('has a strict CSP: default-src none, nonce-only scripts, no connect-src, styles only from the extension', () => {
    const csp = contentSecurityPolicy(source, 'abc123');
    expect(csp.startsWith("default-src 'none'")).toBe(true);
    expect(csp).toContain("script-src 'nonce-abc123'");
    expect(csp).toContain(`style-src ${source}`);
    expect(csp).not.toContain('connect-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy(source, 'n', false)).toContain(`img-src ${source} data:;`);
    expect(csp).toContain(`img-src ${source} data: https:;`);
  });

  it('puts the nonce on every script and escapes attributes and the title', () => {
    const html = buildWebviewHtml({
      cspSource: source,
      title: '<#general>',
      scripts: ['https://x/a.js', 'https://x/b.js?"q'],
      styles: ['https://x/a.css'],
      nonce: 'N0nce',
    });
    expect(html.match(/<script nonce="N0nce" src=/g)).toHaveLength(2);
    expect(html).toContain('<title>&lt;#general&gt;</title>');
    expect(html).toContain('b.js?&quot;q');
    expect(html).toContain('<link rel="stylesheet" href="https://x/a.css">');
    expect(html).toContain('<main id="app"></main>');
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('makes a fresh alphanumeric nonce each time', () => {
    const a = makeNonce();
    const b = makeNonce();
    expect(a).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(a).not.toBe(b);
  });
});
