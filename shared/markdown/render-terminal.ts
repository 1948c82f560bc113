/**
 * Markdown to terminal text: headings, emphasis, code, lists, quotes, tables, links as `text (url)`.
 * The source is sanitised FIRST (sanitizeTerminalText), then our own styling is added, so the only
 * escape sequences in the output are the SGR codes written here (none at all with color:false).
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { parsableMarkdown } from './markdown-bounds';
import { sanitizeTerminalText } from './sanitize-terminal';
import type { SafeText } from './safe-text';
import { visibleWidth, wrapStyled } from './wrap';

export interface TerminalRenderOptions {
  /** Columns to wrap at; no wrapping when omitted. */
  width?: number;
  /** false for NO_COLOR or a non-TTY: plain text, no escape sequences at all. */
  color: boolean;
}

interface Style {
  bold(s: string): string;
  italic(s: string): string;
  underline(s: string): string;
  strike(s: string): string;
  dim(s: string): string;
  code(s: string): string;
  link(s: string): string;
  heading(s: string, depth: number): string;
}

const sgr = (open: string, close: string) => (s: string) => (s === '' ? s : `\x1b[${open}m${s}\x1b[${close}m`);

const COLOR_STYLE: Style = {
  bold: sgr('1', '22'),
  italic: sgr('3', '23'),
  underline: sgr('4', '24'),
  strike: sgr('9', '29'),
  dim: sgr('2', '22'),
  code: sgr('36', '39'),
  link: sgr('34;4', '39;24'),
  heading: (s, depth) => (depth <= 1 ? sgr('1;4', '22;24')(s) : sgr('1', '22')(s)),
};

const PLAIN_STYLE: Style = {
  bold: (s) => s,
  italic: (s) => s,
  underline: (s) => s,
  strike: (s) => s,
  dim: (s) => s,
  code: (s) => s,
  link: (s) => s,
  heading: (s) => s,
};

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decodeBasicEntities = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

class TerminalRenderer {
  constructor(
    private readonly style: Style,
    private readonly width: number,
  ) {}

  blocks(tokens: readonly Token[], width: number): string[] {
    const lines: string[] = [];
    for (const token of tokens) {
      const rendered = this.block(token, width);
      if (rendered === null) continue;
      if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
      lines.push(...rendered);
    }
    return lines;
  }

  private block(token: Token, width: number): string[] | null {
    const s = this.style;
    switch (token.type) {
      case 'space':
      case 'def':
        return null;
      case 'heading': {
        const t = token as Tokens.Heading;
        return wrapStyled(s.heading(this.inline(t.tokens), t.depth), width);
      }
      case 'paragraph':
        return wrapStyled(this.inline((token as Tokens.Paragraph).tokens), width);
      case 'text': {
        const t = token as Tokens.Text;
        return wrapStyled(t.tokens ? this.inline(t.tokens) : decodeBasicEntities(t.text), width);
      }
      case 'code':
        return (token as Tokens.Code).text.split('\n').map((line) => '  ' + s.code(line));
      case 'blockquote': {
        const inner = this.blocks((token as Tokens.Blockquote).tokens, Math.max(10, width - 2));
        return inner.map((line) => s.dim('│ ') + line);
      }
      case 'list':
        return this.list(token as Tokens.List, width);
      case 'hr':
        return [s.dim('─'.repeat(Math.min(Number.isFinite(width) ? width : 40, 40)))];
      case 'table':
        return this.table(token as Tokens.Table);
      case 'html':
        return wrapStyled((token as Tokens.HTML).text.replace(/\n+$/, ''), width);
      default:
        return 'text' in token && typeof token.text === 'string' ? wrapStyled(token.text, width) : null;
    }
  }

  private list(list: Tokens.List, width: number): string[] {
    const lines: string[] = [];
    const start = typeof list.start === 'number' ? list.start : 1;
    list.items.forEach((item, index) => {
      let marker = list.ordered ? `${start + index}. ` : '• ';
      if (item.task) marker += item.checked ? '[x] ' : '[ ] ';
      const pad = ' '.repeat(visibleWidth(marker));
      const itemTokens = item.tokens.filter((t) => t.type !== 'checkbox');
      const body = this.blocks(itemTokens, Math.max(10, width - pad.length));
      const compact = list.loose ? body : body.filter((line) => line !== '');
      compact.forEach((line, i) => lines.push((i === 0 ? marker : line === '' ? '' : pad) + line));
      if (compact.length === 0) lines.push(marker.trimEnd());
      if (list.loose && index < list.items.length - 1) lines.push('');
    });
    return lines;
  }

  private table(table: Tokens.Table): string[] {
    const header = table.header.map((cell) => this.inline(cell.tokens));
    const rows = table.rows.map((row) => row.map((cell) => this.inline(cell.tokens)));
    const widths = header.map((h, c) => Math.max(visibleWidth(h), ...rows.map((r) => visibleWidth(r[c] ?? ''))));
    const line = (cells: string[]) =>
      cells.map((cell, c) => cell + ' '.repeat(Math.max(0, (widths[c] ?? 0) - visibleWidth(cell)))).join(' │ ').trimEnd();
    return [
      line(header.map((h) => this.style.bold(h))),
      this.style.dim(widths.map((w) => '─'.repeat(w)).join('─┼─')),
      ...rows.map(line),
    ];
  }

  inline(tokens: readonly Token[]): string {
    const s = this.style;
    let out = '';
    for (const token of tokens) {
      switch (token.type) {
        case 'strong':
          out += s.bold(this.inline((token as Tokens.Strong).tokens));
          break;
        case 'em':
          out += s.italic(this.inline((token as Tokens.Em).tokens));
          break;
        case 'del':
          out += s.strike(this.inline((token as Tokens.Del).tokens));
          break;
        case 'codespan':
          out += s.code(decodeBasicEntities((token as Tokens.Codespan).text));
          break;
        case 'br':
          out += '\n';
          break;
        case 'link': {
          const t = token as Tokens.Link;
          const text = this.inline(t.tokens);
          const plainText = t.tokens.map((x) => ('text' in x ? String(x.text) : '')).join('');
          const target = t.href.startsWith('mailto:') && plainText === t.href.slice(7) ? plainText : t.href;
          out += plainText === target ? s.link(target) : `${text} (${s.link(target)})`;
          break;
        }
        case 'image': {
          const t = token as Tokens.Image;
          out += `[image: ${t.text}] (${s.link(t.href)})`;
          break;
        }
        case 'text': {
          const t = token as Tokens.Text;
          out += t.tokens ? this.inline(t.tokens) : decodeBasicEntities(t.text);
          break;
        }
        case 'escape':
        case 'html':
          out += (token as Tokens.Escape).text;
          break;
        default:
          if ('text' in token && typeof token.text === 'string') out += token.text;
      }
    }
    return out;
  }

  render(markdown: string): string {
    const tokens = new Lexer({ gfm: true }).lex(markdown);
    return this.blocks(tokens, this.width).join('\n');
  }
}

/** SafeText: the source is sanitised before parsing, and only our own SGR styling is added. */
export function renderMarkdownTerminal(markdown: string, options: TerminalRenderOptions): SafeText {
  const width = options.width !== undefined && options.width > 0 ? options.width : Number.POSITIVE_INFINITY;
  const safe = sanitizeTerminalText(markdown);
  const plain = () => safe.split('\n').flatMap((line) => (Number.isFinite(width) ? wrapStyled(line, width) : [line])).join('\n') as SafeText;
  // Each message on its own: one that is too deep, too long or breaks the parser shows as its text.
  if (!parsableMarkdown(safe)) return plain();
  try {
    return new TerminalRenderer(options.color ? COLOR_STYLE : PLAIN_STYLE, width).render(safe) as SafeText;
  } catch {
    return plain();
  }
}
