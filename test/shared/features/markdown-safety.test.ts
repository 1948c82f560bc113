import { describe, expect, it } from 'vitest';
// parse5 is the WHATWG-conformant parser browsers follow; it comes with @vscode/vsce (dev).
import { parseFragment } from 'parse5';
import { MAX_MARKDOWN_NESTING, markdownNesting } from '../../../shared/markdown/markdown-bounds';
import { renderMarkdownHtml } from '../../../shared/markdown/render-html';
import { renderMarkdownTerminal } from '../../../shared/markdown/render-terminal';
import { isTerminalSafe, sanitizeTerminalLine, sanitizeTerminalText } from '../../../shared/markdown/sanitize-terminal';
import { HOSTILE_INPUTS } from '../../fixtures/hostile-inputs';

const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'input', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img',
]);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'rel', 'class', 'start', 'type', 'checked', 'disabled', 'align']);

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
}

/** Walks the DOM a browser would build and lists everything executable or escaping found in it. */
function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === '#comment') problems.push('comment node');
    if (node.tagName) {
      if (!ALLOWED_TAGS.has(node.tagName)) problems.push(`tag <${node.tagName}>`);
      for (const attr of node.attrs ?? []) {
        if (!ALLOWED_ATTRS.has(attr.name)) problems.push(`attribute ${attr.name} on <${node.tagName}>`);
        if ((attr.name === 'href' || attr.name === 'src') && !/^(https?:\/\/|mailto:)/.test(attr.value)) {
          problems.push(`${attr.name}=${attr.value}`);
        }
        if (attr.name === 'src' && attr.value.startsWith('mailto:')) problems.push(`img src mailto`);
        if (node.tagName === 'input' && attr.name === 'type' && attr.value !== 'checkbox') problems.push('input type');
      }
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(html) as unknown as Node);
  return problems;
}

describe('renderMarkdownHtml', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdownHtml('# Title\n\nSome **bold**, *em*, `code` and [a link](https://example.com/a?b=1&c=2).\n\n- [x] done\n- item');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">a link</a>');
    expect(html).toContain('<input checked disabled type="checkbox" />');
    expect(unsafeParts(html)).toEqual([]);
  });

  it('shows raw HTML as text instead of markup', () => {
    const html = renderMarkdownHtml('Hello <b>there</b>');
    expect(html).toBe('<p>Hello &lt;b&gt;there&lt;/b&gt;</p>\n');
  });

  it('keeps mailto links and drops unsafe targets to their text', () => {
    expect(renderMarkdownHtml('[mail](mailto:a@b.example)')).toContain('href="mailto:a@b.example"');
    expect(renderMarkdownHtml('[click me](javascript:alert(1))')).toBe('<p>click me</p>\n');
    expect(renderMarkdownHtml('![a cat](data:image/png;base64,AAAA)')).toBe('<p>a cat</p>\n');
    expect(renderMarkdownHtml('[rel](./relative/path)')).toBe('<p>rel</p>\n');
  });

  it('keeps http(s) images', () => {
    expect(renderMarkdownHtml('![cat](https://img.example/cat.png "Cat")')).toContain(
      '<img src="https://img.example/cat.png" alt="cat" title="Cat" />',
    );
  });

  it.each(HOSTILE_INPUTS.map((h) => [h.name, h.input] as const))('leaves nothing executable: %s', (_name, input) => {
    const html = renderMarkdownHtml(input);
    expect(unsafeParts(html)).toEqual([]);
    expect(html).not.toMatch(/<(script|iframe|svg|style|object|embed|math|form|meta|base|link|template)\b/i);
    // Attribute values are escaped text (a title may read `" onmouseover=`); judge the markup around them.
    expect(html.replace(/="[^"]*"/g, '=""')).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    // Escaped source text may read `src="x"`; only real tags carry URLs.
    const tags = (html.match(/<[^>]*>/g) ?? []).join('');
    expect(tags).not.toMatch(/(href|src)="(?!https?:|mailto:)/i);
  });

  it('checked the whole corpus (100+ inputs)', () => {
    expect(HOSTILE_INPUTS.length).toBeGreaterThanOrEqual(100);
  });
});

describe('sanitizeTerminalText', () => {
  it('keeps text, newlines and tabs; drops colours, CR and controls', () => {
    expect(sanitizeTerminalText('a\tb\nc')).toBe('a\tb\nc');
    expect(sanitizeTerminalText('\x1b[31mred\x1b[0m')).toBe('red');
    expect(sanitizeTerminalText('one\r\ntwo')).toBe('one\ntwo');
    expect(sanitizeTerminalText('safe\rEVIL')).toBe('safeEVIL');
    expect(sanitizeTerminalText('é ü 日本 🎉')).toBe('é ü 日本 🎉');
  });

  it('makes one-line text for titles and names', () => {
    expect(sanitizeTerminalLine('a\nb\tc\x1b[2Jd')).toBe('a b cd');
  });

  it('removes OSC 8 hyperlinks but keeps their visible text', () => {
    expect(sanitizeTerminalText('\x1b]8;;https://evil.example\x07click\x1b]8;;\x07')).toBe('click');
    expect(sanitizeTerminalText('\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\')).toBe('click');
  });

  it('removes OSC 52 clipboard writes whole, even unterminated', () => {
    expect(sanitizeTerminalText('a\x1b]52;c;ZWNobw==\x07b')).toBe('ab');
    expect(sanitizeTerminalText('a\x1b]52;c;ZWNobw== and the rest')).toBe('a');
  });

  it('removes 8-bit C1 sequences with their parameters', () => {
    expect(sanitizeTerminalText('\u009b31mred')).toBe('red');
    expect(sanitizeTerminalText('x\u009d0;title\u009cy')).toBe('xy');
  });

  it.each(HOSTILE_INPUTS.map((h) => [h.name, h.input] as const))('leaves nothing a terminal interprets: %s', (_name, input) => {
    const out = sanitizeTerminalText(input);
    expect(isTerminalSafe(out)).toBe(true);
    expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    // Idempotent: sanitising twice changes nothing.
    expect(sanitizeTerminalText(out)).toBe(out);
  });
});

describe('renderMarkdownTerminal', () => {
  it('renders plain text without any escape when color is off', () => {
    const out = renderMarkdownTerminal('# Title\n\n**bold** and `code`, see [docs](https://example.com).\n\n> quoted\n\n- one\n- two\n\n1. first', {
      color: false,
    });
    expect(out).toBe('Title\n\nbold and code, see docs (https://example.com).\n\n│ quoted\n\n• one\n• two\n\n1. first');
  });

  it('adds its own styling when color is on', () => {
    const out = renderMarkdownTerminal('**bold**', { color: true });
    expect(out).toBe('\x1b[1mbold\x1b[22m');
  });

  it('shows a bare URL link once', () => {
    expect(renderMarkdownTerminal('<https://example.com>', { color: false })).toBe('https://example.com');
  });

  it('wraps to the width', () => {
    const out = renderMarkdownTerminal('one two three four five six seven eight nine ten', { color: false, width: 14 });
    expect(out.split('\n')).toEqual(['one two three', 'four five six', 'seven eight', 'nine ten']);
  });

  it.each(HOSTILE_INPUTS.map((h) => [h.name, h.input] as const))('emits only its own SGR styling: %s', (_name, input) => {
    const plain = renderMarkdownTerminal(input, { color: false, width: 60 });
    expect(isTerminalSafe(plain)).toBe(true);
    const colored = renderMarkdownTerminal(input, { color: true, width: 60 });
    expect(isTerminalSafe(colored.replace(/\x1b\[[0-9;]*m/g, ''))).toBe(true);
  });
});

describe('a message too deep or too long for the parser', () => {
  const deepQuoteList = '> - '.repeat(964) + 'bottom';
  const deepList = '- '.repeat(1259) + 'bottom';

  it.each([
    ['> - ×964', deepQuoteList],
    ['- ×1259', deepList],
  ])('%s renders as its plain text in both renderers, never throwing', (_name, body) => {
    expect(markdownNesting(body)).toBeGreaterThan(MAX_MARKDOWN_NESTING);
    const terminal = renderMarkdownTerminal(body, { color: false, width: 80 });
    expect(terminal).toContain('bottom');
    const html = renderMarkdownHtml(body);
    expect(html).toContain('bottom');
    expect(html).toMatch(/^<p class="plain">/);
    expect(html).not.toContain('<blockquote');
  });

  it('ordinary nesting still renders as Markdown', () => {
    const body = '> quoted\n> - item\n>   - nested item';
    expect(markdownNesting(body)).toBe(2); // markers opening one line; indentation nesting is left to the parse guard
    expect(renderMarkdownHtml(body)).toContain('<blockquote>');
  });

  it('raw HTML in a plain fallback stays escaped', () => {
    const html = renderMarkdownHtml(`${'> '.repeat(40)}<img src=x onerror=alert(1)>`);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });
});

describe('the terminal-safety judge and C1 controls', () => {
  it.each([
    ['U+009F (APC) after text', 'abc\u009fdef'],
    ['U+0080 after text', 'abc\u0080def'],
    ['U+007F (DEL) after text', 'abc\u007fdef'],
    ['U+0085 after text', 'abc\u0085'],
  ])('%s never reaches the terminal', (_name, input) => {
    const out = sanitizeTerminalText(input);
    expect(out.startsWith('abc')).toBe(true);
    expect(out).not.toMatch(/[\u007f-\u009f]/);
    expect(isTerminalSafe(out)).toBe(true);
  });

  it('keeps U+00A0 and what follows it (the first character past the C1 range)', () => {
    expect(sanitizeTerminalText('a\u00a0b')).toBe('a\u00a0b');
    expect(isTerminalSafe('a\u00a0b')).toBe(true);
  });

  it.each([
    ['ESC', 'a\x1b[31mred'],
    ['BEL', 'a\x07'],
    ['CR', 'line\rover'],
    ['NUL', 'a\x00b'],
    ['U+001F', 'a\x1f'],
    ['DEL', 'a\x7f'],
    ['U+0080', 'a\u0080'],
    ['U+009B (CSI)', 'a\u009b31m'],
    ['U+009F', 'a\u009f'],
    ['U+202E (BiDi override)', 'a\u202eb'],
  ])('isTerminalSafe calls text with %s unsafe', (_name, input) => {
    expect(isTerminalSafe(input)).toBe(false);
  });

  it('isTerminalSafe accepts plain text with newlines and tabs', () => {
    expect(isTerminalSafe('one\ttwo\nthree ~ \u00e9')).toBe(true);
    expect(isTerminalSafe('')).toBe(true);
  });
});

describe('sanitizeTerminalText removes exactly the sequence, keeping the text around it', () => {
  it.each([
    ['CSI colour', 'a\x1b[31mb', 'ab'],
    ['CSI with an intermediate space', 'a\x1b[1 qb', 'ab'],
    ['CSI private parameter ?', 'a\x1b[?25lb', 'ab'],
    ['CSI final @', 'a\x1b[@b', 'ab'],
    ['CSI final ~', 'a\x1b[~b', 'ab'],
    ['CSI cut by a printable character', 'a\x1b[31éb', 'aéb'],
    ['CSI cut by a control', 'a\x1b[31\x1fb', 'ab'],
    ['CSI unterminated', 'a\x1b[31', 'a'],
    ['8-bit CSI', 'a\u009b31mb', 'ab'],
    ['OSC ended by BEL', 'a\x1b]0;title\x07b', 'ab'],
    ['OSC ended by ESC \\', 'a\x1b]0;title\x1b\\b', 'ab'],
    ['OSC ended by another sequence', 'a\x1b]0;t\x1b[31mb', 'ab'],
    ['OSC ended by 8-bit ST', 'a\x1b]0;t\u009cb', 'ab'],
    ['OSC unterminated', 'a\x1b]0;title', 'a'],
    ['8-bit OSC', 'a\u009d0;t\x07b', 'ab'],
    ['8-bit APC', 'a\u009fhidden\x07b', 'ab'],
    ['ESC ( B (charset)', 'a\x1b(Bz', 'az'],
    ['ESC SP F (nF)', 'a\x1b Fz', 'az'],
    ['ESC / 0 (intermediate 0x2F, final 0x30)', 'a\x1b/0z', 'az'],
    ['ESC ~ (final 0x7E)', 'a\x1b~z', 'az'],
    ['ESC then DEL', 'a\x1b\x7fz', 'az'],
    ['ESC then a printable non-ASCII character', 'a\x1béz', 'aéz'],
    ['ESC then a control', 'a\x1b\x1fz', 'az'],
    ['ESC at the end', 'ab\x1b', 'ab'],
    ['two ESCs', 'a\x1b\x1b[31mb', 'ab'],
    ['tabs and newlines kept, CR dropped', 'a\tb\r\nc', 'a\tb\nc'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeTerminalText(input)).toBe(expected);
  });
});
