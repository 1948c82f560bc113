// The channel panel's webview script. It never holds a token and never fetches: everything goes
// through the extension host over the message union in extension/channel-panel/channel-panel-protocol.ts.
// Its parts, one job each, are in media/channel-panel/ (bundled into this one script).
import type { HostToChannelPanel } from '../extension/channel-panel/channel-panel-protocol';
import { roomLabel } from '../shared/channels/channel-name';
import { compose } from './channel-panel/compose';
import { el, iconButton } from './channel-panel/dom';
import {
  app,
  description,
  errorBar,
  header,
  layout,
  list,
  listInner,
  mainPane,
  olderButton,
  savedCopyBar,
  threadHeader,
  threadList,
  threadPane,
  threadPending,
  title,
} from './channel-panel/elements';
import { openThread, persist, state, vscode } from './channel-panel/host';
import { focusWhenShown, loadOlder, reportShown, upsert } from './channel-panel/message-list';
import { renderMessage } from './channel-panel/message-render';
import { showPending } from './channel-panel/outbox-marks';
import { panel, pending } from './channel-panel/panel-data';

olderButton.addEventListener('click', () => loadOlder());
const mainCompose = compose('Message', () => state.draft, (v) => (state.draft = v), () => null);
mainPane.append(savedCopyBar, list, errorBar, mainCompose.root);
threadHeader.append(el('strong', '', 'Thread'), iconButton('close', 'Close thread', () => closeThread()));
const threadCompose = compose('Reply', () => state.threadDraft, (v) => (state.threadDraft = v), () => state.threadRootId);
threadPane.append(threadHeader, threadList, threadPending, threadCompose.root);
layout.append(mainPane, threadPane);
app.append(header, layout);

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
      panel.me = msg.me;
      panel.members = msg.members;
      title.textContent = roomLabel(msg.channel, panel.me);
      description.textContent = msg.channel.description;
      state.channelId = msg.channel.id;
      persist();
      document.body.dataset.me = panel.me.handle;
      return;
    case 'messages': {
      upsert(listInner, msg.messages, msg.mode, false);
      if (msg.mode !== 'append') panel.hasMore = msg.hasMore;
      const first = listInner.firstElementChild as HTMLElement | null;
      panel.oldest = first?.dataset.createdAt ?? panel.oldest;
      panel.loadingOlder = false;
      olderButton.hidden = !panel.hasMore;
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
      panel.focusWanted = msg.messageId;
      panel.focusPages = 0;
      focusWhenShown();
      reportShown();
      return;
    case 'outbox':
      panel.outboxEntries = msg.entries;
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
      panel.loadingOlder = false;
      olderButton.textContent = 'Load older messages';
      showError(msg.message, msg.hint);
      return;
    }
  }
});

vscode.postMessage({ type: 'ready' });
if (state.threadRootId) openThread(state.threadRootId);
