// The outbox in the panel: a post shown at once while it is sent, and each waiting or refused
// write in words (after the messages, or in the open thread) with Edit, Retry and Drop.
import type { PendingView } from '../../extension/channel-panel/channel-panel-protocol';
import { el, icon, nearBottom, userText } from './dom';
import { openEditForm } from './edit-form';
import { list, mainPane, pendingList, threadPending } from './elements';
import { state, vscode } from './host';
import { panel } from './panel-data';

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
export function showSending(body: string, parentId: string | null): HTMLElement {
  const item = el('article', 'outbox-entry sending');
  item.dataset.state = 'sending';
  const meta = el('div', 'meta');
  meta.append(icon('loading'), el('strong', 'outbox-state', `${parentId ? 'Reply' : 'Message'} sending…`));
  item.append(meta, userText('div', 'content outbox-body', body));
  (parentId !== null && parentId === state.threadRootId ? threadPending : pendingList).append(item);
  if (parentId === null) list.scrollTop = list.scrollHeight;
  return item;
}

/**
 * Shows the waiting writes: replies to the open thread in its pane, the rest after the messages
 * (an edit only when its message is shown). An entry unchanged, or being edited, keeps its node,
 * so typing is never lost.
 */
export function showPending(): void {
  const inOpenThread = (p: PendingView) => state.threadRootId !== null && p.parentId === state.threadRootId;
  const visible = panel.outboxEntries.filter((p) => p.kind === 'post' || (p.messageId !== null && document.querySelector(`[data-id="${CSS.escape(p.messageId)}"]`) !== null));
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
  if (hadFocus && (document.activeElement === document.body || document.activeElement === null)) (pendingList.querySelector<HTMLElement>('button') ?? mainPane.querySelector<HTMLElement>(':scope > .compose textarea'))?.focus();
  if (stick) list.scrollTop = list.scrollHeight;
}
