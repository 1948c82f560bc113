// Server Markdown rendered for the terminal and written through an Output. Its own module, so the
// subcommands that print no Markdown (channels, post, status, …) do not load the Markdown parser.
import { renderMarkdownTerminal, safeLines } from '../shared/index';
import { safe, term, type Output } from './output';

/** Writes `body` rendered for the terminal (sanitised by the renderer), each line indented. */
export function writeMarkdown(out: Output, body: string, indent = ''): void {
  const inner = out.width !== undefined ? Math.max(20, out.width - indent.length) : undefined;
  const rendered = renderMarkdownTerminal(body, { color: out.color, width: inner });
  const margin = safe(indent);
  for (const l of safeLines(rendered)) out.line(term`${margin}${l}`);
}
