// Judges rendered HTML the way a browser would read it (parse5 is the WHATWG parser), listing
// anything executable or escaping: unknown tags, event or style attributes, non-http(s)/mailto
// targets, comments. Terminal text is judged by isTerminalSafe after removing our own SGR styling.
import { parseFragment } from 'parse5';
import { isTerminalSafe } from '../../../shared';

const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'input', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img',
]);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'rel', 'class', 'start', 'type', 'checked', 'disabled', 'align']);

interface DomNode {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: DomNode[];
  content?: DomNode;
}

export function unsafeHtmlParts(html: string): string[] {
  const problems: string[] = [];
  const visit = (node: DomNode) => {
    if (node.nodeName === '#comment') problems.push('comment node');
    if (node.tagName) {
      if (!ALLOWED_TAGS.has(node.tagName)) problems.push(`tag <${node.tagName}>`);
      for (const attr of node.attrs ?? []) {
        if (!ALLOWED_ATTRS.has(attr.name)) problems.push(`attribute ${attr.name} on <${node.tagName}>`);
        if ((attr.name === 'href' || attr.name === 'src') && !/^(https?:\/\/|mailto:)/.test(attr.value)) problems.push(`${attr.name}=${attr.value}`);
      }
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(html) as unknown as DomNode);
  return problems;
}

/** Terminal output with our own SGR styling removed must hold nothing a terminal interprets. */
export function terminalOutputIsSafe(output: string): boolean {
  return isTerminalSafe(output.replace(/\x1b\[[0-9;]*m/g, ''));
}
