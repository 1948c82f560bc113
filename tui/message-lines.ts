// A message as terminal lines: a header (author, 'via' marker, time, replies, run) and the body
// rendered from Markdown through the shared sanitiser. Finished rows are memoised per message
// version and width, so scrolling a long channel re-renders nothing it has rendered before.
import { mentionsHandle, renderMarkdownTerminal, safeLines, term, wrapSafe, type Message, type SafeText } from '../shared/index';
import { clip, safeLine, shortTime } from './format';

export interface MessageLineOptions {
  width: number;
  color: boolean;
  /** The thread view shows no reply counts. */
  showReplies?: boolean;
  /** Your handle: a message from someone else that mentions you says so in its header (yellow in colour). */
  me?: string;
}

export function messageHeader(m: Message, options: MessageLineOptions): SafeText {
  const author = safeLine(m.author.name) + (m.author.kind === 'agent' ? ' [agent]' : '');
  const via = m.via ? ` (via ${safeLine(m.via)})` : '';
  const edited = m.edited_at ? ' (edited)' : '';
  const replies = options.showReplies !== false && m.reply_count > 0 ? `  ↳ ${m.reply_count} ${m.reply_count === 1 ? 'reply' : 'replies'}` : '';
  const run = m.run_id ? '  ▶ run' : '';
  const forMe = options.me !== undefined && m.author.handle !== options.me && mentionsHandle(m.body, options.me);
  const header = clip(safeLine(`${author}${via} · ${shortTime(m.created_at)}${edited}${replies}${run}${forMe ? '  @ you' : ''}`), options.width);
  return forMe && options.color ? term`\x1b[33m${header}\x1b[39m` : header;
}

export function renderMessageLines(m: Message, options: MessageLineOptions): SafeText[] {
  const bodyWidth = Math.max(10, options.width - 2);
  const body = renderMarkdownTerminal(m.body, { width: bodyWidth, color: options.color });
  const lines = [messageHeader(m, options)];
  for (const line of safeLines(body)) {
    for (const wrapped of wrapSafe(line, bodyWidth)) lines.push(term`  ${wrapped}`);
  }
  while (lines.length > 1 && lines[lines.length - 1]?.trim() === '') lines.pop();
  return lines;
}

/** Memo of rendered messages keyed by id, edit stamp, width and colour; bounded so memory stays flat. */
export class MessageLineCache {
  private readonly map = new Map<string, SafeText[]>();
  constructor(private readonly max = 2_000) {}

  lines(m: Message, options: MessageLineOptions): SafeText[] {
    const key = `${m.id}|${m.edited_at ?? ''}|${m.reply_count}|${options.width}|${options.color ? 1 : 0}|${options.showReplies === false ? 0 : 1}|${options.me ?? ''}`;
    const hit = this.map.get(key);
    if (hit) return hit;
    const lines = renderMessageLines(m, options);
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, lines);
    return lines;
  }
}
