// The channel panel's webview script. It never holds a token and never fetches: everything goes
// through the extension host over the message union in extension/channel-panel/channel-panel-protocol.ts.
import type { HostToChannelPanel, MemberView, MessageView, ChannelPanelToHost, PendingView } from '../extension/channel-panel/channel-panel-protocol';
import { roomLabel } from '../shared/channels/channel-name';
import { authorLabel } from '../shared/channels/author-label';
import { ownMentionPattern } from '../shared/channels/own-mentions';

interface VsCodeApi {
  postMessage(message: ChannelPanelToHost): void;
  getState(): unknown;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface PanelState {
  channelId: string | null;
  draft: string;
  threadDraft: string;
  threadRootId: string | null;
}

const vscode = acquireVsCodeApi();
const saved = vscode.getState() as Partial<PanelState> | undefined;
const state: PanelState = {
  channelId: saved?.channelId ?? null,
  draft: saved?.draft ?? '',
  threadDraft: saved?.threadDraft ?? '',
  threadRootId: saved?.threadRootId ?? null,
};
const persist = () => vscode.setState(state);

let me = { userId: '', handle: '', name: '' };
let members: MemberView[] = [];
let hasMore = false;
let loadingOlder = false;
let oldest: string | null = null;
/** A message to scroll to and outline once it is shown (a mention or link opened before it loaded). */
let focusWanted: string | null = null;
/** Older pages loaded while looking for focusWanted; the search stops after MAX_FOCUS_PAGES. */
let focusPages = 0;
const MAX_FOCUS_PAGES = 20;
let focusedId: string | null = null;
/** Posts and edits on their way to the host; `sending` is the post's placeholder, shown until the host answers. */
const pending = new Map<string, { textarea: HTMLTextAreaElement; button: HTMLButtonElement; onDone: () => void; sending?: HTMLElement }>();

// ---- layout -----------------------------------------------------------------------------------

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Text someone else wrote (names, handles, titles): its own direction, isolated from what surrounds it. */
function userText<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text: string): HTMLElementTagNameMap[K] {
  const node = el(tag, `${className} user-text`.trim(), text);
  node.dir = 'auto';
  return node;
}

function icon(name: string): HTMLElement {
  return el('i', `codicon codicon-${name}`);
}

function iconButton(name: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', 'icon');
  b.title = title;
  b.setAttribute('aria-label', title);
  b.append(icon(name));
  b.addEventListener('click', onClick);
  return b;
}

const app = document.getElementById('app') ?? document.body;
const header = el('header', 'channel-header');
const title = userText('h1', 'channel-title', 'Loading…');
const description = userText('span', 'muted channel-description', '');
header.append(title, description);
const layout = el('div', 'layout');
const mainPane = el('section', 'pane main-pane');
const list = el('div', 'messages');
list.setAttribute('role', 'log');
const olderButton = el('button', 'secondary older', 'Load older messages');
olderButton.hidden = true;
olderButton.addEventListener('click', () => loadOlder());
const listInner = el('div', 'message-list');
// Writes waiting in the outbox: after the messages, each saying in words whether it waits or was refused.
const pendingList = el('div', 'pending-list');
pendingList.setAttribute('aria-live', 'polite');
pendingList.setAttribute('aria-label', 'Unsent messages');
list.append(olderButton, listInner, pendingList);
// Over the messages while they are the offline cache's copy: how old, and what happens next.
const savedCopyBar = el('div', 'saved-copy-bar');
savedCopyBar.setAttribute('role', 'status');
savedCopyBar.hidden = true;
const errorBar = el('div', 'error error-bar');
errorBar.hidden = true;
const mainCompose = compose('Message', () => state.draft, (v) => (state.draft = v), () => null);
mainPane.append(savedCopyBar, list, errorBar, mainCompose.root);

const threadPane = el('aside', 'pane thread-pane');
threadPane.hidden = true;
const threadHeader = el('div', 'thread-header');
threadHeader.append(el('strong', '', 'Thread'), iconButton('close', 'Close thread', () => closeThread()));
const threadList = el('div', 'messages thread-messages');
const threadCompose = compose('Reply', () => state.threadDraft, (v) => (state.threadDraft = v), () => state.threadRootId);
const threadPending = el('div', 'pending-list thread-pending');
threadPending.setAttribute('aria-live', 'polite');
threadPending.setAttribute('aria-label', 'Unsent replies');
threadPane.append(threadHeader, threadList, threadPending, threadCompose.root);
layout.append(mainPane, threadPane);
app.append(header, layout);

// ---- compose with @-mention completion --------------------------------------------------------

let composeCount = 0;

function compose(placeholder: string, getDraft: () => string, setDraft: (v: string) => void, parentId: () => string | null) {
  const root = el('form', 'compose');
  const textarea = el('textarea');
  textarea.rows = 3;
  textarea.placeholder = `${placeholder} (Enter to send, Shift+Enter for a new line, @ to mention)`;
  textarea.setAttribute('aria-label', placeholder);
  textarea.value = getDraft();
  composeCount += 1;
  const listId = `mention-suggestions-${composeCount}`;
  const suggestions = el('ul', 'suggestions');
  suggestions.id = listId;
  suggestions.hidden = true;
  suggestions.setAttribute('role', 'listbox');
  suggestions.setAttribute('aria-label', 'People to mention');
  // The textarea stays a multi-line textbox; it owns the list and points at the active option.
  textarea.setAttribute('aria-autocomplete', 'list');
  textarea.setAttribute('aria-controls', listId);
  const announcer = el('div', 'visually-hidden');
  announcer.setAttribute('role', 'status');
  const send = el('button', '', 'Send');
  send.type = 'submit';
  root.append(suggestions, textarea, send, announcer);
  let choices: MemberView[] = [];
  let active = 0;
  let announced = '';
  const announce = (text: string) => {
    if (text === announced) return;
    announced = text;
    announcer.textContent = text;
  };
  const hideSuggestions = () => {
    suggestions.hidden = true;
    textarea.removeAttribute('aria-activedescendant');
    announce('');
  };

  const mentionPrefix = (): string | null => {
    const before = textarea.value.slice(0, textarea.selectionStart);
    const m = /(^|\s)@([\w.-]*)$/.exec(before);
    return m ? (m[2] ?? '') : null;
  };
  const renderSuggestions = () => {
    const prefix = mentionPrefix();
    choices = prefix === null ? [] : members.filter((m) => m.handle.toLowerCase().startsWith(prefix.toLowerCase()) || m.name.toLowerCase().startsWith(prefix.toLowerCase())).slice(0, 8);
    suggestions.replaceChildren(
      ...choices.map((m, i) => {
        const li = el('li', i === active ? 'active' : '');
        li.id = `${listId}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(i === active));
        li.append(icon(m.kind === 'agent' ? 'hubot' : 'account'), el('span', '', ' @'), userText('span', '', m.handle), el('span', '', ' '), userText('span', 'member-name', m.name));
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          pick(i);
        });
        return li;
      }),
    );
    if (choices.length === 0) {
      hideSuggestions();
      return;
    }
    suggestions.hidden = false;
    textarea.setAttribute('aria-activedescendant', `${listId}-${active}`);
    const current = choices[active];
    announce(`${choices.length} ${choices.length === 1 ? 'person' : 'people'} to mention; ${current ? `@${current.handle}, ` : ''}arrows to choose, Enter to insert.`);
  };
  const pick = (i: number) => {
    const member = choices[i];
    if (!member) return;
    const caret = textarea.selectionStart;
    const before = textarea.value.slice(0, caret).replace(/@([\w.-]*)$/, `@${member.handle} `);
    textarea.value = before + textarea.value.slice(caret);
    textarea.selectionStart = textarea.selectionEnd = before.length;
    setDraft(textarea.value);
    persist();
    choices = [];
    hideSuggestions();
  };
  const submit = () => {
    const body = textarea.value;
    if (!body.trim() || send.disabled) return;
    const requestId = crypto.randomUUID();
    send.disabled = true;
    const sending = showSending(body, parentId());
    pending.set(requestId, {
      textarea,
      button: send,
      sending,
      onDone: () => {
        textarea.value = '';
        setDraft('');
        persist();
        // Send was disabled while posting, which drops focus to <body>: bring the person back.
        if (document.activeElement === document.body || document.activeElement === send) textarea.focus();
      },
    });
    vscode.postMessage({ type: 'post', requestId, body, parentId: parentId() });
  };

  textarea.addEventListener('input', () => {
    setDraft(textarea.value);
    persist();
    active = 0;
    renderSuggestions();
  });
  textarea.addEventListener('keydown', (e) => {
    if (!suggestions.hidden && choices.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        active = (active + (e.key === 'ArrowDown' ? 1 : choices.length - 1)) % choices.length;
        renderSuggestions();
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(active);
        return;
      }
      if (e.key === 'Escape') {
        hideSuggestions();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  textarea.addEventListener('blur', hideSuggestions);
  root.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });
  return { root, textarea };
}

// ---- messages ---------------------------------------------------------------------------------

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
function decorate(container: HTMLElement): void {
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
function markOwnMentions(root: HTMLElement, handle: string): boolean {
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

function renderMessage(m: MessageView, inThread: boolean): HTMLElement {
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
  if (!m.mine && markOwnMentions(content, me.handle)) item.classList.add('mentions-me');
  item.append(meta, content);
  if (!inThread && m.replyCount > 0) {
    const replies = el('button', 'link-button replies', `${m.replyCount} repl${m.replyCount === 1 ? 'y' : 'ies'}`);
    replies.addEventListener('click', () => openThread(m.id));
    item.append(replies);
  }
  return item;
}

interface EditFormOptions {
  readonly text: string;
  /** What the textarea is, for a screen reader. */
  readonly label: string;
  readonly submitLabel: string;
  /** Called with non-blank text when the person submits. */
  readonly onSubmit: (text: string, form: HTMLFormElement, submit: HTMLButtonElement, textarea: HTMLTextAreaElement) => void;
}

/** The inline form that edits a message's text under `item` (Escape or Cancel closes it); one already open is focused instead. */
function openEditForm(item: HTMLElement, options: EditFormOptions): void {
  const existing = item.querySelector<HTMLTextAreaElement>('.edit-form textarea');
  if (existing) {
    existing.focus();
    return;
  }
  const form = el('form', 'edit-form');
  const textarea = el('textarea');
  textarea.value = options.text;
  textarea.setAttribute('aria-label', options.label);
  textarea.rows = Math.min(10, Math.max(2, textarea.value.split('\n').length));
  const submit = el('button', '', options.submitLabel);
  submit.type = 'submit';
  const cancel = el('button', 'secondary', 'Cancel');
  cancel.type = 'button';
  cancel.addEventListener('click', () => form.remove());
  form.append(textarea, submit, cancel);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!textarea.value.trim()) return;
    options.onSubmit(textarea.value, form, submit, textarea);
  });
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') form.remove();
  });
  item.append(form);
  textarea.focus();
}

function startEdit(item: HTMLElement, m: MessageView): void {
  openEditForm(item, {
    text: m.source ?? '',
    label: 'The message text',
    submitLabel: 'Save',
    onSubmit: (body, form, save, textarea) => {
      const requestId = crypto.randomUUID();
      save.disabled = true;
      pending.set(requestId, { textarea, button: save, onDone: () => form.remove() });
      vscode.postMessage({ type: 'edit', requestId, messageId: m.id, body });
    },
  });
}

// ---- the outbox ------------------------------------------------------------------------------

function pendingSignature(p: PendingView): string {
  return JSON.stringify([p.state, p.body, p.error]);
}

function textButton(label: string, name: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', 'secondary outbox-action', label);
  b.type = 'button';
  b.dataset.action = name;
  b.addEventListener('click', onClick);
  return b;
}

function renderPending(p: PendingView): HTMLElement {
  const item = el('article', `outbox-entry ${p.state}`);
  item.dataset.outboxId = String(p.id);
  item.dataset.signature = pendingSignature(p);
  item.dataset.state = p.state;
  const meta = el('div', 'meta');
  const what = p.kind === 'edit' ? 'Edit' : p.parentId ? 'Reply in thread' : 'Message';
  const status = p.state === 'failed' ? `${what} not sent: refused by the service` : `${what} pending: sends when the service can be reached`;
  meta.append(icon(p.state === 'failed' ? 'error' : 'clock'), el('strong', 'outbox-state', status));
  const content = userText('div', 'content outbox-body', p.body);
  item.append(meta, content);
  if (p.error && p.state === 'failed') item.append(el('p', 'error outbox-error', `${p.error.message} ${p.error.hint}`.trim()));
  const actions = el('div', 'outbox-actions');
  if (p.state === 'failed') {
    actions.append(
      textButton('Edit', 'edit', () => editPending(item, p)),
      textButton('Retry', 'retry', () => vscode.postMessage({ type: 'outboxRetry', id: p.id })),
    );
  }
  actions.append(textButton('Drop', 'drop', () => vscode.postMessage({ type: 'outboxDrop', id: p.id })));
  item.append(actions);
  return item;
}

function editPending(item: HTMLElement, p: PendingView): void {
  openEditForm(item, {
    text: p.body,
    label: 'The text to send',
    submitLabel: 'Send',
    onSubmit: (body) => vscode.postMessage({ type: 'outboxEdit', id: p.id, body }),
  });
}

/** A post shown at once, before the host answers (sent, or queued in the outbox, or refused). */
function showSending(body: string, parentId: string | null): HTMLElement {
  const item = el('article', 'outbox-entry sending');
  item.dataset.state = 'sending';
  const meta = el('div', 'meta');
  meta.append(icon('loading'), el('strong', 'outbox-state', `${parentId ? 'Reply' : 'Message'} sending…`));
  item.append(meta, userText('div', 'content outbox-body', body));
  (parentId !== null && parentId === state.threadRootId ? threadPending : pendingList).append(item);
  if (parentId === null) list.scrollTop = list.scrollHeight;
  return item;
}

/** The outbox's entries of this channel, as last sent by the host. */
let outboxEntries: PendingView[] = [];

/**
 * Shows the waiting writes: replies to the open thread in its pane, the rest after the messages
 * (an edit only when its message is shown). An entry unchanged, or being edited, keeps its node,
 * so typing is never lost.
 */
function showPending(): void {
  const inOpenThread = (p: PendingView) => state.threadRootId !== null && p.parentId === state.threadRootId;
  const visible = outboxEntries.filter((p) => p.kind === 'post' || (p.messageId !== null && document.querySelector(`[data-id="${CSS.escape(p.messageId)}"]`) !== null));
  const old = new Map<string, HTMLElement>();
  document.querySelectorAll<HTMLElement>('.outbox-entry[data-outbox-id]').forEach((node) => old.set(node.dataset.outboxId ?? '', node));
  const sending = Array.from(document.querySelectorAll<HTMLElement>('.outbox-entry.sending'));
  const nodeFor = (p: PendingView) => {
    const node = old.get(String(p.id));
    if (node && (node.dataset.signature === pendingSignature(p) || node.querySelector('.edit-form'))) return node;
    return renderPending(p);
  };
  const stick = nearBottom(list);
  const hadFocus = pendingList.contains(document.activeElement) || threadPending.contains(document.activeElement);
  pendingList.replaceChildren(...visible.filter((p) => !inOpenThread(p)).map(nodeFor), ...sending.filter((n) => n.parentElement === pendingList));
  threadPending.replaceChildren(...visible.filter(inOpenThread).map(nodeFor), ...sending.filter((n) => n.parentElement === threadPending));
  if (hadFocus && (document.activeElement === document.body || document.activeElement === null)) (pendingList.querySelector<HTMLElement>('button') ?? mainCompose.textarea).focus();
  if (stick) list.scrollTop = list.scrollHeight;
}

function nearBottom(container: HTMLElement): boolean {
  return container.scrollHeight - container.scrollTop - container.clientHeight < 60;
}

/** The first message at or below the top of the scroller and how far below the top it is, to put it back there. */
function topAnchor(container: HTMLElement, scroller: HTMLElement): { id: string; offset: number } | null {
  const top = scroller.getBoundingClientRect().top;
  for (const node of Array.from(container.children) as HTMLElement[]) {
    const box = node.getBoundingClientRect();
    if (box.bottom > top && node.dataset.id) return { id: node.dataset.id, offset: box.top - top };
  }
  return null;
}

function upsert(container: HTMLElement, messages: MessageView[], mode: 'replace' | 'refresh' | 'prepend' | 'append', inThread: boolean): void {
  const scroller = inThread ? threadList : list;
  const stick = mode === 'append' || mode === 'refresh' ? nearBottom(scroller) : false;
  const anchor = mode === 'refresh' && !stick ? topAnchor(container, scroller) : null;
  const previousHeight = scroller.scrollHeight;
  const nodes = messages.filter((m) => !container.querySelector(`[data-id="${CSS.escape(m.id)}"]`)).map((m) => renderMessage(m, inThread));
  if (mode === 'replace' || mode === 'refresh') container.replaceChildren(...messages.map((m) => renderMessage(m, inThread)));
  else if (mode === 'prepend') container.prepend(...nodes);
  else container.append(...nodes);
  decorate(container);
  const anchored = anchor ? container.querySelector<HTMLElement>(`[data-id="${CSS.escape(anchor.id)}"]`) : null;
  if (anchor && anchored) scroller.scrollTop += anchored.getBoundingClientRect().top - scroller.getBoundingClientRect().top - anchor.offset;
  else if (mode === 'replace' || mode === 'refresh' || stick) scroller.scrollTop = scroller.scrollHeight;
  else if (mode === 'prepend') scroller.scrollTop += scroller.scrollHeight - previousHeight;
}

/** Tells the host what is shown (the suite reads it; the host keeps only the latest). */
function reportShown(): void {
  vscode.postMessage({
    type: 'shown',
    messages: listInner.childElementCount,
    olderShown: getComputedStyle(olderButton).display !== 'none',
    focusedId,
    days: listInner.querySelectorAll('.first-of-day').length,
    grouped: listInner.querySelectorAll('.continued').length,
    mentionsMe: listInner.querySelectorAll('.mentions-me').length,
    overlapping: overlappingHeaders(),
    savedCopy: savedCopyBar.hidden ? null : savedCopyBar.textContent,
  });
}

/** Messages whose visible header items are drawn over their own text (boxes measured, not styles read). */
function overlappingHeaders(): number {
  let count = 0;
  for (const message of Array.from(listInner.querySelectorAll('.message'))) {
    const content = message.querySelector('.content')?.getBoundingClientRect();
    if (!content || content.height === 0) continue;
    const overlaps = Array.from(message.querySelectorAll('.meta > *')).some((item) => {
      const box = item.getBoundingClientRect();
      const style = getComputedStyle(item);
      // Not drawn: hidden, or the actions kept transparent (and focusable) until hover or focus.
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.opacity === '0') return false;
      return box.bottom > content.top + 1 && box.top < content.bottom - 1 && box.right > content.left + 1 && box.left < content.right - 1;
    });
    if (overlaps) count++;
  }
  return count;
}

/** Scrolls to and outlines focusWanted once it is in the list or the thread; else loads older pages to find it. */
function focusWhenShown(): void {
  if (focusWanted === null) return;
  const node = document.querySelector<HTMLElement>(`[data-id="${CSS.escape(focusWanted)}"]`);
  if (node) {
    document.querySelectorAll('.focused').forEach((n) => n.classList.remove('focused'));
    node.scrollIntoView({ block: 'center' });
    node.classList.add('focused');
    focusedId = focusWanted;
    focusWanted = null;
    focusPages = 0;
    return;
  }
  if (oldest !== null && hasMore && focusPages < MAX_FOCUS_PAGES) {
    focusPages++;
    loadOlder();
  }
}

function loadOlder(): void {
  if (!hasMore || loadingOlder || !oldest) return;
  loadingOlder = true;
  olderButton.textContent = 'Loading…';
  vscode.postMessage({ type: 'loadOlder', before: oldest });
}

function openThread(rootId: string): void {
  vscode.postMessage({ type: 'openThread', rootId });
}

function closeThread(): void {
  state.threadRootId = null;
  persist();
  threadPane.hidden = true;
  vscode.postMessage({ type: 'closeThread' });
  showPending();
}

// The network came back (the window's view of it): the host sends what waits at once.
window.addEventListener('online', () => vscode.postMessage({ type: 'online' }));

list.addEventListener('scroll', () => {
  if (list.scrollTop < 40) loadOlder();
});

// Links never navigate the webview: the host opens them (workspace links in their panel).
document.addEventListener('click', (e) => {
  const anchor = (e.target as Element | null)?.closest?.('a[href]');
  if (!anchor) return;
  e.preventDefault();
  const url = anchor.getAttribute('href') ?? '';
  if (/^(https?:|mailto:)/i.test(url)) vscode.postMessage({ type: 'openLink', url });
});

// ---- from the host ----------------------------------------------------------------------------

function showError(message: string, hint: string): void {
  errorBar.textContent = hint ? `${message} ${hint}` : message;
  errorBar.hidden = false;
}

window.addEventListener('message', (event: MessageEvent<HostToChannelPanel>) => {
  const msg = event.data;
  switch (msg.type) {
    case 'init':
      me = msg.me;
      members = msg.members;
      title.textContent = roomLabel(msg.channel, me);
      description.textContent = msg.channel.description;
      state.channelId = msg.channel.id;
      persist();
      document.body.dataset.me = me.handle;
      return;
    case 'messages': {
      upsert(listInner, msg.messages, msg.mode, false);
      if (msg.mode !== 'append') hasMore = msg.hasMore;
      const first = listInner.firstElementChild as HTMLElement | null;
      oldest = first?.dataset.createdAt ?? oldest;
      loadingOlder = false;
      olderButton.hidden = !hasMore;
      olderButton.textContent = 'Load older messages';
      errorBar.hidden = true;
      if (msg.mode !== 'append') showPending();
      focusWhenShown();
      reportShown();
      return;
    }
    case 'savedCopy':
      savedCopyBar.textContent = msg.mark ?? '';
      savedCopyBar.hidden = msg.mark === null;
      reportShown();
      return;
    case 'thread':
      state.threadRootId = msg.root.id;
      persist();
      threadPane.hidden = false;
      threadList.replaceChildren(renderMessage(msg.root, true), el('hr'));
      upsert(threadList, msg.replies, 'append', true);
      threadList.scrollTop = threadList.scrollHeight;
      threadCompose.textarea.focus();
      showPending();
      focusWhenShown();
      reportShown();
      return;
    case 'threadReplies':
      if (state.threadRootId === msg.rootId) upsert(threadList, msg.replies, 'append', true);
      return;
    case 'messageUpdated':
      document.querySelectorAll<HTMLElement>(`[data-id="${CSS.escape(msg.message.id)}"]`).forEach((node) => {
        node.replaceWith(renderMessage(msg.message, node.parentElement === threadList));
      });
      return;
    case 'focusMessage':
      focusWanted = msg.messageId;
      focusPages = 0;
      focusWhenShown();
      reportShown();
      return;
    case 'outbox':
      outboxEntries = msg.entries;
      showPending();
      return;
    case 'done': {
      const p = pending.get(msg.requestId);
      pending.delete(msg.requestId);
      if (p) {
        p.button.disabled = false;
        p.sending?.remove();
        p.onDone();
      }
      return;
    }
    case 'failed': {
      const p = msg.requestId ? pending.get(msg.requestId) : undefined;
      if (msg.requestId) pending.delete(msg.requestId);
      if (p) {
        p.button.disabled = false;
        p.sending?.remove();
      }
      loadingOlder = false;
      olderButton.textContent = 'Load older messages';
      showError(msg.message, msg.hint);
      return;
    }
  }
});

vscode.postMessage({ type: 'ready' });
if (state.threadRootId) openThread(state.threadRootId);
