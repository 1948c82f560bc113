// The panel's parts that stay for its lifetime: the header, the message list with the outbox's
// entries after it, the saved-copy and error bars, and the thread pane. The entry script puts
// them together with the compose boxes.
import { el, userText } from './dom';

export const app = document.getElementById('app') ?? document.body;
export const header = el('header', 'channel-header');
export const title = userText('h1', 'channel-title', 'Loading…');
export const description = userText('span', 'muted channel-description', '');
header.append(title, description);
export const layout = el('div', 'layout');
export const mainPane = el('section', 'pane main-pane');
export const list = el('div', 'messages');
list.setAttribute('role', 'log');
export const olderButton = el('button', 'secondary older', 'Load older messages');
olderButton.hidden = true;
export const listInner = el('div', 'message-list');
// Writes waiting in the outbox: after the messages, each saying in words whether it waits or was refused.
export const pendingList = el('div', 'pending-list');
pendingList.setAttribute('aria-live', 'polite');
pendingList.setAttribute('aria-label', 'Unsent messages');
list.append(olderButton, listInner, pendingList);
// Over the messages while they are the offline cache's copy: how old, and what happens next.
export const savedCopyBar = el('div', 'saved-copy-bar');
savedCopyBar.setAttribute('role', 'status');
savedCopyBar.hidden = true;
export const errorBar = el('div', 'error error-bar');
errorBar.hidden = true;

export const threadPane = el('aside', 'pane thread-pane');
threadPane.hidden = true;
export const threadHeader = el('div', 'thread-header');
export const threadList = el('div', 'messages thread-messages');
export const threadPending = el('div', 'pending-list thread-pending');
threadPending.setAttribute('aria-live', 'polite');
threadPending.setAttribute('aria-label', 'Unsent replies');
