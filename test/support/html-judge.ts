// Judges rendered HTML the way a browser reads it: parse5 builds the WHATWG DOM, and the walk lists
// everything that could run script or leave the page.
import { parseFragment } from 'parse5';

const FORBIDDEN_TAGS = new Set(['script', 'iframe', 'object', 'embed', 'style', 'base', 'form', 'meta', 'link', 'frame', 'frameset', 'applet', 'svg', 'math', 'template']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction']);
const DANGEROUS_SCHEME = /^(javascript|data|vbscript):/;

interface DomNode {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string; prefix?: string }>;
  childNodes?: DomNode[];
  content?: DomNode;
}

/** Every executable or page-leaving part in `html`; empty when the markup is inert. */
export function executableParts(html: string): string[] {
  const problems: string[] = [];
  const visit = (node: DomNode) => {
    if (node.tagName) {
      if (FORBIDDEN_TAGS.has(node.tagName)) problems.push(`<${node.tagName}>`);
      for (const attr of node.attrs ?? []) {
        const name = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
        if (/^on/i.test(attr.name)) problems.push(`${name} on <${node.tagName}>`);
        // Browsers drop ASCII whitespace and controls inside a scheme before reading it.
        const scheme = attr.value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
        if ((URL_ATTRIBUTES.has(name) || URL_ATTRIBUTES.has(attr.name)) && DANGEROUS_SCHEME.test(scheme)) problems.push(`${name}=${attr.value}`);
      }
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(html) as unknown as DomNode);
  return problems;
}
