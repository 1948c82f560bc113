// The line mode's words (accessible mode, tui/plain/): every thing the full-screen UI shows with a
// colour, a glyph or a place on screen, said as one plain line a screen reader reads in order —
// "Maria Member, 10:42: text", "unread", "mentions you", "queued", "not sent". Server text passes
// the shared sanitiser; nothing here is styled.
import {
  authorLabel,
  mentionsHandle,
  roomLabel,
  safeLines,
  sanitizeTerminalLine,
  sanitizeTerminalText,
  term,
  type Channel,
  type InboxItem,
  type Message,
  type MentionRow,
  type OutboxEntry,
  type OutboxError,
  type RoomReader,
  type SafeText,
  type TaskRow,
} from '../../shared/index';
import { describeReason } from '../../term/outbox';
import { shortTime } from '../format';

const safe = (s: string | null | undefined): SafeText => sanitizeTerminalLine(s ?? '');

/** "1 reply", "3 replies": a count in words, never a glyph. */
export function countWords(n: number, one: string, many: string): SafeText {
  return safe(`${n} ${n === 1 ? one : many}`);
}

/** A room as it is said: `#general`, or `@Mike Manager, direct message`. */
export function roomWords(channel: Pick<Channel, 'kind' | 'name'>, reader?: RoomReader): SafeText {
  const label = safe(roomLabel(channel, reader));
  return channel.kind === 'dm' ? term`${label}, direct message` : label;
}

export interface MessageWordsOptions {
  /** The number `/thread N` and `/reply N` take; none in a thread's replies. */
  number?: number;
  /** My handle: someone else's message that mentions me says so. */
  me?: string;
  /** A thread's replies say no reply count. */
  showReplies?: boolean;
  now?: Date;
}

/**
 * A message as lines: `3. Maria Member, 10:42: first line of the text. 2 replies.`, further lines of
 * its text indented under it. An agent says "[agent]"; an edit, a mention of me and a run, in words.
 */
export function messageLines(m: Message, options: MessageWordsOptions = {}): SafeText[] {
  const number = options.number === undefined ? term`` : term`${options.number}. `;
  const via = m.via ? term` (via ${safe(m.via)})` : term``;
  const edited = m.edited_at ? term`, edited` : term``;
  const body = safeLines(sanitizeTerminalText(m.body.replace(/\s+$/, '')));
  const notes: SafeText[] = [];
  if (options.showReplies !== false && m.reply_count > 0) notes.push(countWords(m.reply_count, 'reply', 'replies'));
  if (options.me !== undefined && m.author.handle !== options.me && mentionsHandle(m.body, options.me)) notes.push(term`mentions you`);
  if (m.run_id) notes.push(term`started a run`);
  const tail = notes.length > 0 ? term` (${safe(notes.join(', '))})` : term``;
  const [first = term``, ...rest] = body;
  const head = term`${number}${safe(authorLabel(m.author))}${via}, ${safe(shortTime(m.created_at, options.now))}${edited}: ${first}${rest.length === 0 ? tail : term``}`;
  if (rest.length === 0) return [head];
  return [head, ...rest.map((line) => term`  ${line}`), ...(tail === '' ? [] : [term`  ${safe(notes.join(', '))}.`])];
}

/** What opening a conversation says first: where, how many of its messages follow, or that it is empty. */
export function openedLine(where: SafeText, shown: number, more: boolean): SafeText {
  if (shown === 0) return term`Opened ${where}. No messages yet. Type a message and press Enter to post it.`;
  const count = countWords(shown, 'message', 'messages');
  const follow = shown === 1 ? term`follows` : term`follow`;
  return more ? term`Opened ${where}. The newest ${count} ${follow}, oldest first.` : term`Opened ${where}. ${count} ${follow}, oldest first.`;
}

export interface RoomMarks {
  unread: boolean;
  mentioned: boolean;
  open: boolean;
}

/** A numbered room of a list: `2. #random, unread, mentions you`. */
export function roomChoiceLine(n: number, channel: Pick<Channel, 'kind' | 'name' | 'private'>, marks: RoomMarks, reader?: RoomReader): SafeText {
  const words = [channel.kind !== 'dm' && channel.private ? 'private' : '', marks.unread ? 'unread' : '', marks.mentioned ? 'mentions you' : '', marks.open ? 'open now' : ''].filter((w) => w !== '');
  return term`${n}. ${roomWords(channel, reader)}${words.length > 0 ? term`, ${safe(words.join(', '))}` : term``}`;
}

/** A live mention as it arrives: `Mention: Mike Manager in #general, 10:42: text`. */
export function mentionLine(row: MentionRow, where: SafeText, now?: Date): SafeText {
  const kind = row.reason === 'dm' ? term`Direct message` : term`Mention`;
  const text = sanitizeTerminalLine(row.body.replace(/\s+/g, ' ').trim());
  return term`${kind}: ${safe(authorLabel(row.author))} in ${where}, ${safe(shortTime(row.created_at, now))}: ${text}`;
}

/** A numbered mention of `/mentions`. */
export function mentionChoiceLine(n: number, row: MentionRow, where: SafeText, now?: Date): SafeText {
  return term`${n}. ${mentionLine(row, where, now)}`;
}

const SOURCE_WORD: Readonly<Record<InboxItem['source'], string>> = { mention: 'mention', dm: 'direct message', task: 'task', run: 'run', outbox: 'refused write' };

/** An inbox item: `1. unread, task: T-3 moved to done, by Mike Manager, T-3, 10:42`; numbered in a list, not when it arrives. */
export function inboxLine(item: InboxItem, n?: number, now?: Date): SafeText {
  const parts = [item.state === 'unread' ? 'unread' : '', SOURCE_WORD[item.source]].filter((w) => w !== '');
  const who = item.who ? term`, by ${safe(item.who)}` : term``;
  const gone = item.gone ? term`, no longer there` : term``;
  const number = n === undefined ? term`Inbox, ` : term`${n}. `;
  return term`${number}${safe(parts.join(', '))}: ${safe(item.title)}${who}, ${safe(item.where)}, ${safe(shortTime(item.at, now))}${gone}`;
}

/** The heading of an inbox list: how many, and how many unread. */
export function inboxHeading(items: readonly InboxItem[]): SafeText {
  const unread = items.filter((i) => i.state === 'unread').length;
  if (items.length === 0) return term`The inbox is empty.`;
  return term`Inbox: ${countWords(items.length, 'item', 'items')}, ${unread} unread.`;
}

/** A task of `/tasks`: `1. T-3, in review: Fix the login page`. */
export function taskLine(n: number, task: Pick<TaskRow, 'ref' | 'status' | 'title'>): SafeText {
  return term`${n}. ${safe(task.ref)}, ${safe(task.status.replace(/_/g, ' '))}: ${safe(task.title)}`;
}

/** The words for a write waiting in the outbox: queued, or not sent with what the service said. */
export function outboxStateLine(entry: OutboxEntry, what: string, reason?: OutboxError): SafeText {
  if (entry.state === 'failed') {
    const said = reason ?? entry.lastError;
    const why = said ? term` The service said: ${safe(said.message)}${said.hint ? term` ${safe(said.hint)}` : term``}` : term``;
    return term`Not sent: ${safe(what)}.${why} It stays in the outbox; \`wsc outbox list\` shows it, \`wsc outbox retry\` sends it again.`;
  }
  const why = reason ? term` (${safe(describeReason(reason))})` : term``;
  return term`Queued: ${safe(what)}${why}. It is sent when the service can be reached.`;
}

