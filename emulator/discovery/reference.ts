// The Markdown reference (/docs/api.md) and its HTML page (/docs/api).
import { Marked, type Tokens } from 'marked';
import { DECISIONS_MARKDOWN } from './decisions-text';
import type { Route } from '../types';
import { openApiPath, publicRoutes } from './openapi';
import { SPEC_MARKDOWN } from './spec-text';

function localServiceSection(routes: readonly Route[]): string {
  const rows = publicRoutes(routes).map(
    (r) => `| ${r.method} ${openApiPath(r.path)} | ${r.auth === 'none' ? 'none' : 'bearer'} | ${(r.summary ?? '').replace(/\|/g, '\\|')} |`,
  );
  return [
    '## This local service',
    '',
    'Everything it serves (the OpenAPI document at `/api/v1/openapi.json` is generated from the same table):',
    '',
    '| Method and path | Token | What it does |',
    '|---|---|---|',
    ...rows,
    '',
    'Realtime doorbell: `GET /api/v1/me/wake` answers `{url, anonKey, topic, event, refreshMs}`. Connect',
    '`new RealtimeClient(url, {params: {apikey: anonKey}})` (Supabase Realtime protocol, vsn 1.0.0 or 2.0.0) and',
    "join `client.channel(topic)`; every message posted in the workspace sends a content-free `wake` broadcast. The",
    'topic rotates every `refreshMs` of the service clock and the previous one stays valid for one more period;',
    'when a joined topic expires the service sends `phx_error`, so the client re-fetches `/me/wake` and joins the new topic.',
    '',
  ].join('\n');
}

const markdownCache = new WeakMap<readonly Route[], string>();

export function referenceMarkdown(routes: readonly Route[]): string {
  let text = markdownCache.get(routes);
  if (text === undefined) {
    text = `${SPEC_MARKDOWN.trimEnd()}\n\n${DECISIONS_MARKDOWN.trimEnd()}\n\n${localServiceSection(routes)}`;
    markdownCache.set(routes, text);
  }
  return text;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Raw HTML in the Markdown is shown as text; only relative, http(s) and mailto links survive. */
function safeMarked(): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag): string {
        return escapeHtml(token.text);
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link): string {
        const text = this.parser.parseInline(token.tokens);
        const href = token.href.trim();
        if (!/^(https?:|mailto:|\/|#)/i.test(href)) return text;
        return `<a href="${escapeHtml(href)}">${text}</a>`;
      },
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading): string {
        const slug = token.text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
        return `<h${token.depth} id="${slug}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
      image(token: Tokens.Image): string {
        return escapeHtml(token.text);
      },
    },
  });
}

/** Markdown to HTML with raw HTML escaped and unsafe link targets dropped. */
export function markdownToSafeHtml(markdown: string): string {
  return safeMarked().parse(markdown, { async: false });
}

const htmlCache = new WeakMap<readonly Route[], string>();

export function referenceHtml(routes: readonly Route[]): string {
  const cached = htmlCache.get(routes);
  if (cached !== undefined) return cached;
  const body = markdownToSafeHtml(referenceMarkdown(routes));
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workspace API v1 reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top}
code{background:#f3f3f3;padding:0 .2rem;border-radius:3px}
</style>
</head>
<body>
<p>Raw Markdown: <a href="/docs/api.md">/docs/api.md</a> · OpenAPI: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> · Discovery: <a href="/api">/api</a></p>
${body}
</body>
</html>
`;
  htmlCache.set(routes, html);
  return html;
}

/** CSP for the reference page: no scripts, no connections, inline styles only. */
export const REFERENCE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
