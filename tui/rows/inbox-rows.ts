// The Inbox view's text as pure pieces: a row (unread mark, source glyph, title, then who · where ·
// how long ago, gone items marked), the heading with the filter, and where an item opens.
import { INBOX_SOURCE_LABELS, INBOX_SOURCES, savedAgo, visibleWidth, type InboxItem, type InboxSource, type InboxTarget, type OutboxOperation } from '../../shared/index';
import { clip, safeLine, shortTime, type SafeText } from '../format';
import type { View } from '../ui-context';

/** Each source's glyph (also in the help's symbol legend). */
export const INBOX_GLYPHS: Readonly<Record<InboxSource, string>> = {
  mention: '@',
  dm: '☺',
  task: '☐',
  run: '▶',
  outbox: '⚠',
};

export interface InboxListFilter {
  source: InboxSource | null;
  unreadOnly: boolean;
}

/** The row of one item, `width` columns: the title takes what who · where leave; how long ago is never cut. */
export function inboxRowText(item: InboxItem, width: number, now = Date.now()): SafeText {
  const mark = item.state === 'unread' ? '•' : ' ';
  const at = Date.parse(item.at);
  const ago = safeLine(Number.isNaN(at) ? '' : savedAgo(at, now));
  const whoWhere = safeLine([item.who, item.where].filter((p): p is string => p !== undefined && p !== '').join(' · '));
  const head = `${mark}${INBOX_GLYPHS[item.source]} ${item.gone ? '(gone) ' : ''}`;
  // The row's selection mark (WindowedList) takes two columns.
  const room = Math.max(0, width - 2);
  const agoPart = ago === '' ? '' : `${whoWhere === '' ? '' : ' · '}${ago}`;
  const whoWidth = Math.min(visibleWidth(whoWhere), Math.max(0, Math.floor(room * 0.5) - visibleWidth(agoPart)));
  const detail = safeLine(`${whoWidth > 0 ? clip(whoWhere, whoWidth) : ''}${whoWidth > 0 || whoWhere === '' ? agoPart : ` ${ago}`}`);
  const titleWidth = Math.max(0, room - visibleWidth(head) - visibleWidth(detail) - 2);
  const title = clip(safeLine(item.title), titleWidth);
  const gap = ' '.repeat(Math.max(2, titleWidth - visibleWidth(title) + 2));
  return clip(safeLine(`${head}${title}${detail === '' ? '' : gap + detail}`), room);
}

/** The heading: the filter, counts and the main keys. */
export function inboxHeading(filter: InboxListFilter, shown: number, unread: number, state: 'loading' | 'ready' | 'failed', read: { at: number; unreachable: boolean } | null = null): SafeText {
  const what = filter.source === null ? 'all' : INBOX_SOURCE_LABELS[filter.source];
  const counts = state === 'loading' ? 'opening…' : `${shown} shown · ${unread} unread`;
  const when = state !== 'ready' ? '' : read === null ? ' · reading…' : read.unreachable ? ` · offline, read ${shortTime(new Date(read.at).toISOString())}` : ` · read ${shortTime(new Date(read.at).toISOString())}`;
  return safeLine(`Inbox · ${what}${filter.unreadOnly ? ' · unread only' : ''} · ${counts}${when} · ? keys`);
}

/** Each source's short name in the filter line. */
const SHORT_NAMES: Readonly<Record<InboxSource, string>> = { mention: 'mentions', dm: 'DMs', task: 'tasks', run: 'runs', outbox: 'refused' };

/** The filter line: each source with its number and unread count, the current one in brackets. */
export function inboxFilterLine(filter: InboxListFilter, bySource: Readonly<Record<InboxSource, number>>): SafeText {
  const parts = INBOX_SOURCES.map((s, i) => {
    const label = `${i + 1} ${INBOX_GLYPHS[s]} ${SHORT_NAMES[s]}${bySource[s] > 0 ? ` ${bySource[s]}` : ''}`;
    return filter.source === s ? `[${label}]` : label;
  });
  return safeLine([filter.source === null ? '[0 all]' : '0 all', ...parts].join('  '));
}

/** Where a refused write opens: the conversation, task or doc it was written to; null when none shows it. */
export function outboxOperationPlace(op: OutboxOperation): View | null {
  switch (op.kind) {
    case 'post':
      return op.parentId ? { kind: 'thread', channelId: op.channelId, rootId: op.parentId } : { kind: 'channel', channelId: op.channelId };
    case 'task_update':
      return { kind: 'task', taskId: op.taskRef };
    case 'doc_save':
      return { kind: 'doc', id: op.docId };
    case 'edit':
      return null;
  }
}

/** Where an item opens, when that needs nothing more than the item (a refused write needs its entry: null). */
export function inboxTargetView(target: InboxTarget): View | null {
  switch (target.kind) {
    case 'message':
      return target.threadId && target.threadId !== target.messageId
        ? { kind: 'thread', channelId: target.channelId, rootId: target.threadId, focusMessageId: target.messageId }
        : { kind: 'channel', channelId: target.channelId, focusMessageId: target.messageId };
    case 'task':
      return { kind: 'task', taskId: target.ref };
    case 'run':
      return { kind: 'run', runId: target.runId };
    case 'doc':
      return { kind: 'doc', id: target.docId };
    case 'outbox':
      return null;
  }
}

/** The index of the first unread item after `from` (wrapping), or -1. */
export function nextUnread(items: readonly InboxItem[], from: number): number {
  for (let step = 1; step <= items.length; step += 1) {
    const i = (from + step) % items.length;
    if (items[i]?.state === 'unread') return i;
  }
  return -1;
}
