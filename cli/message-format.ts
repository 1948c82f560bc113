// How a message looks in text output: one header line, then its Markdown body, indented.
import { authorLabel, type Message } from '../shared/index';
import { safe, term, type Output, type SafeText } from './output';
import { writeMarkdown } from './markdown-output';

export function messageHeader(out: Output, m: Message, where?: string): SafeText {
  const author = safe(authorLabel(m.author));
  const via = m.via ? out.dim(term` via ${safe(m.via)}`) : '';
  const edited = m.edited_at ? out.dim(term` (edited)`) : '';
  const place = where ? term`${safe(where)} ` : '';
  const replies = m.reply_count > 0 ? out.dim(term` · ${m.reply_count} repl${m.reply_count === 1 ? term`y` : term`ies`}`) : '';
  return term`${out.dim(safe(m.created_at))} ${place}${out.bold(author)}${via}${edited}${replies} ${out.dim(term`· ${safe(m.id)}`)}`;
}

export function printMessage(out: Output, m: Message, where?: string): void {
  out.line(messageHeader(out, m, where));
  writeMarkdown(out, m.body, '  ');
}
