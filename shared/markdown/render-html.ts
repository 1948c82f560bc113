/**
 * Markdown to HTML that is safe inside a webview under a strict CSP.
 *
 * Two walls before the CSP: marked's renderer escapes raw HTML in the source (shown as text) and
 * keeps only absolute http/https/mailto link targets and http/https image sources; then the whole
 * output goes through sanitize-html, a maintained parser-based sanitiser, with a small allowlist of
 * tags and attributes. The second wall matters because marked sometimes passes source text through
 * as raw HTML (after an inline `<script>`, `<pre>`, `<code>` or `<kbd>`), which a hand-written
 * regex allowlist once let through as a live `<img onerror>`.
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parsableMarkdown } from './markdown-bounds';
import { escapeHtml } from './escape-html';
import { safeImageUrl, safeLinkUrl } from './safe-url';

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

/** A link or image whose target our own URL rules refuse becomes a plain span (its text stays). */
function checkedUrlTag(attribute: 'href' | 'src', judge: (raw: string) => string | null): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const raw = attribs[attribute];
    const safe = raw === undefined ? null : judge(raw);
    if (safe === null) return { tagName: 'span', attribs: {}, text: tagName === 'img' ? (attribs.alt ?? '') : undefined };
    return { tagName, attribs: { ...attribs, [attribute]: safe } };
  };
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'input', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    input: [{ name: 'type', multiple: false, values: ['checkbox'] }, 'checked', 'disabled'],
    code: ['class'],
    p: ['class'],
  },
  allowedClasses: { code: ['language-*'], p: ['plain'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Anything outside the allowlist is shown as text, like raw HTML in the source.
  disallowedTagsMode: 'escape',
  transformTags: { a: checkedUrlTag('href', safeLinkUrl), img: checkedUrlTag('src', safeImageUrl) },
  // An input is only ever the disabled checkbox of a task list item.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** The text itself, escaped, line breaks kept: for a message the parser must not see. */
function plainHtml(markdown: string): string {
  return `<p class="plain">${escapeHtml(markdown).replace(/\n/g, '<br>')}</p>`;
}

export function renderMarkdownHtml(markdown: string): string {
  // Each message on its own: one that is too deep, too long or breaks the parser shows as its text.
  if (!parsableMarkdown(markdown)) return plainHtml(markdown);
  try {
    return sanitizeHtml(marked.parse(markdown, { async: false }), SANITIZE_OPTIONS);
  } catch {
    return plainHtml(markdown);
  }
}
