// One message drawn: author, time, actions, the host's sanitised HTML with my own @-mentions
// marked; and the list's day separators and grouping.
import type { MessageView } from '../../extension/channel-panel/channel-panel-protocol';
import { authorLabel } from '../../shared/channels/author-label';
import { ownMentionPattern } from '../../shared/channels/own-mentions';
import { el, icon, iconButton, userText } from './dom';
import { startEdit } from './edit-form';
import { openThread, vscode } from './host';
import { panel } from './panel-data';

function timeLabel(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function clockLabel(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString(undefined, { timeStyle: 'short' });
}

function dayLabel(d: Date): string {
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (d.toDateString() === today.toDateString()) return 'Today';
  if (d.toDateString() === yesterday.toDateString()) return 'Yesterday';
  return d.toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' });
}

/** Consecutive messages of one author within this many ms share one header. */
const GROUP_GAP_MS = 5 * 60_000;

/**
 * Day separators (a label on the first message of each day, drawn by CSS so the list holds only
 * messages) and grouping: a message right after one of the same author on the same day drops its
 * header. Run over the whole list after every change (pages arrive at both ends).
 */
export function decorate(container: HTMLElement): void {
  let previousDay = '';
  let previousAuthor = '';
  let previousTime = 0;
  for (const node of Array.from(container.children) as HTMLElement[]) {
    const time = new Date(node.dataset.createdAt ?? '').getTime();
    const day = Number.isNaN(time) ? '' : dayLabel(new Date(time));
    const firstOfDay = day !== previousDay;
    node.classList.toggle('first-of-day', firstOfDay);
    if (firstOfDay) node.dataset.day = day;
    else delete node.dataset.day;
    node.classList.toggle('continued', !firstOfDay && node.dataset.author === previousAuthor && time - previousTime < GROUP_GAP_MS);
    previousDay = day;
    previousAuthor = node.dataset.author ?? '';
    previousTime = time;
  }
}

/** Wraps each `@handle` of the signed-in person in the text of `root` (never inside code or links). */
export function markOwnMentions(root: HTMLElement, handle: string): boolean {
  if (!handle) return false;
  const pattern = ownMentionPattern(handle);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) {
    const text = walker.currentNode as Text;
    if (!text.parentElement?.closest('code, pre, a')) texts.push(text);
  }
  let found = false;
  for (const text of texts) {
    const value = text.data;
    pattern.lastIndex = 0;
    if (!pattern.test(value)) continue;
    pattern.lastIndex = 0;
    const parts = document.createDocumentFragment();
    let last = 0;
    for (const match of value.matchAll(pattern)) {
      const start = (match.index ?? 0) + (match[1]?.length ?? 0);
      parts.append(value.slice(last, start));
      parts.append(el('mark', 'self-mention', match[2] ?? ''));
      last = start + (match[2]?.length ?? 0);
    }
    parts.append(value.slice(last));
    text.replaceWith(parts);
    found = true;
  }
  return found;
}

export function renderMessage(m: MessageView, inThread: boolean): HTMLElement {
  const item = el('article', `message${m.mine ? ' mine' : ''}`);
  item.dataset.id = m.id;
  item.dataset.createdAt = m.createdAt;
  item.dataset.author = m.author.handle;
  const meta = el('div', 'meta');
  // The handle and the time form one part, hidden with the name on a continued message.
  const when = el('span', 'muted when');
  when.append(el('span', 'muted', ' @'), userText('span', 'muted', m.author.handle), el('span', 'muted', ` · ${clockLabel(m.createdAt)}`));
  when.title = timeLabel(m.createdAt);
  meta.append(icon(m.author.kind === 'agent' ? 'hubot' : 'account'), userText('strong', 'author', authorLabel(m.author)), when);
  if (m.editedAt) meta.append(el('span', 'muted', ' (edited)'));
  if (m.via) meta.append(el('span', 'muted via', ' via '), userText('span', 'muted via', m.via));
  const actions = el('span', 'actions');
  if (!inThread && m.parentId === null) actions.append(iconButton('comment-discussion', 'Reply in thread', () => openThread(m.id)));
  actions.append(iconButton('link', 'Copy link', () => vscode.postMessage({ type: 'copyLink', url: m.url })));
  if (m.mine && m.source !== undefined) actions.append(iconButton('edit', 'Edit', () => startEdit(item, m)));
  if (m.runId) {
    const runId = m.runId;
    actions.append(iconButton('pulse', 'Open run timeline', () => vscode.postMessage({ type: 'openRun', runId })));
  }
  meta.append(actions);
  const content = el('div', 'content user-text');
  content.dir = 'auto';
  content.innerHTML = m.html; // rendered and sanitised by the extension host (renderMarkdownHtml)
  if (!m.mine && markOwnMentions(content, panel.me.handle)) item.classList.add('mentions-me');
  item.append(meta, content);
  if (!inThread && m.replyCount > 0) {
    const replies = el('button', 'link-button replies', `${m.replyCount} repl${m.replyCount === 1 ? 'y' : 'ies'}`);
    replies.addEventListener('click', () => openThread(m.id));
    item.append(replies);
  }
  return item;
}
