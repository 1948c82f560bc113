// The one HTML shell of every webview: strict CSP (default-src 'none'; nonce-only scripts; styles
// and fonts only from the extension's media; images only https/data), no inline handlers.
// vscode-free: the caller passes webview.cspSource and already-converted asWebviewUri strings.
import { randomBytes } from 'node:crypto';

export interface WebviewHtmlOptions {
  /** webview.cspSource */
  cspSource: string;
  title: string;
  /** asWebviewUri(...).toString() of the scripts, loaded in order with the nonce. */
  scripts: string[];
  /** asWebviewUri(...).toString() of the stylesheets. */
  styles: string[];
  /** Trusted, already-escaped markup for the body (usually just a mount point). */
  body?: string;
  nonce?: string;
  /** Allow https: images in rendered Markdown. Default true. */
  remoteImages?: boolean;
}

export function makeNonce(): string {
  return randomBytes(18).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

export function contentSecurityPolicy(cspSource: string, nonce: string, remoteImages = true): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:${remoteImages ? ' https:' : ''}`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function buildWebviewHtml(options: WebviewHtmlOptions): string {
  const nonce = options.nonce ?? makeNonce();
  const csp = contentSecurityPolicy(options.cspSource, nonce, options.remoteImages ?? true);
  const styles = options.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('\n    ');
  const scripts = options.scripts.map((src) => `<script nonce="${nonce}" src="${escapeAttribute(src)}"></script>`).join('\n    ');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>${escapeAttribute(options.title)}</title>
    ${styles}
  </head>
  <body>
    ${options.body ?? '<main id="app"></main>'}
    ${scripts}
  </body>
</html>`;
}
