/**
 * Markdown to HTML that is safe inside a webview under a strict CSP.
 *
 * Raw HTML in the source is escaped (shown as text, never parsed), link targets must be absolute
 * http/https/mailto URLs and image sources http/https (otherwise the link text or alt text is shown
 * as plain text). As a second line of defence every tag in the output is checked against an
 * allowlist of tags and attributes; anything else is escaped.
 */
import { Marked, type Tokens } from 'marked';
import { parsableMarkdown } from './markdown-bounds';
import { escapeHtml } from './escape-html';
import { safeImageUrl, safeLinkUrl } from './safe-url';

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  em: [],
  del: [],
  code: ['class'],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  input: ['type', 'checked', 'disabled'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title'],
};

const URL_ATTRIBUTES = new Set(['href', 'src']);

function titleAttribute(title: string | null | undefined): string {
  return title ? ` title="${escapeHtml(title)}"` : '';
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link): string {
      const text = this.parser.parseInline(token.tokens);
      const href = safeLinkUrl(token.href);
      if (href === null) return text;
      return `<a href="${escapeHtml(href)}"${titleAttribute(token.title)} rel="noopener noreferrer">${text}</a>`;
    },
    image(token: Tokens.Image): string {
      const src = safeImageUrl(token.href);
      if (src === null) return escapeHtml(token.text);
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}"${titleAttribute(token.title)}>`;
    },
  },
});

/** Escapes every tag that is not in the allowlist, or that carries an attribute outside it. */
function enforceAllowlist(html: string): string {
  return html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g, (whole, closing: string, name: string, rest: string) => {
    const allowed = ALLOWED_ATTRIBUTES[name.toLowerCase()];
    if (allowed === undefined) return escapeHtml(whole);
    if (closing) return rest.trim() === '' ? whole : escapeHtml(whole);
    const attributePattern = /\s+([a-zA-Z-]+)(?:="([^"]*)")?/y;
    let position = 0;
    const body = rest.replace(/\s*\/?$/, '');
    while (position < body.length) {
      attributePattern.lastIndex = position;
      const m = attributePattern.exec(body);
      if (!m) return escapeHtml(whole);
      const attribute = (m[1] ?? '').toLowerCase();
      if (!allowed.includes(attribute)) return escapeHtml(whole);
      if (URL_ATTRIBUTES.has(attribute)) {
        const value = (m[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
        const safe = attribute === 'src' ? safeImageUrl(value) : safeLinkUrl(value);
        if (safe === null) return escapeHtml(whole);
      }
      position = attributePattern.lastIndex;
    }
    return whole;
  });
}

/** The text itself, escaped, line breaks kept: for a message the parser must not see. */
function plainHtml(markdown: string): string {
  return `<p class="plain">${escapeHtml(markdown).replace(/\n/g, '<br>')}</p>`;
}

export function renderMarkdownHtml(markdown: string): string {
  // Each message on its own: one that is too deep, too long or breaks the parser shows as its text.
  if (!parsableMarkdown(markdown)) return plainHtml(markdown);
  try {
    return enforceAllowlist(marked.parse(markdown, { async: false }));
  } catch {
    return plainHtml(markdown);
  }
}
