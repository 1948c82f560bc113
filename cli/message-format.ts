// How a message looks in text output: one header line, then its Markdown body, indented.
import type { Message } from '../shared/index';
import { safe, type Output } from './output';
import { writeMarkdown } from './markdown-output';

export function messageHeader(out: Output, m: Message, where?: string): string {
  const author = `${safe(m.author.name)} (@${safe(m.author.handle)})${m.author.kind === 'agent' ? ' [agent]' : ''}`;
  const via = m.via ? out.dim(` via ${safe(m.via)}`) : '';
  const edited = m.edited_at ? out.dim(' (edited)') : '';
  const place = where ? `${safe(where)} ` : '';
  const replies = m.reply_count > 0 ? out.dim(` · ${m.reply_count} repl${m.reply_count === 1 ? 'y' : 'ies'}`) : '';
  return `${out.dim(safe(m.created_at))} ${place}${out.bold(author)}${via}${edited}${replies} ${out.dim(`· ${safe(m.id)}`)}`;
}

export function printMessage(out: Output, m: Message, where?: string): void {
  out.line(messageHeader(out, m, where));
  writeMarkdown(out, m.body, '  ');
}
