// The message list and the thread: pages merged in place (the reading position kept), older
// pages on demand, the message wanted in focus, and what is shown reported to the host.
import type { MessageView } from '../../extension/channel-panel/channel-panel-protocol';
import { nearBottom } from './dom';
import { list, listInner, olderButton, savedCopyBar, threadList } from './elements';
import { vscode } from './host';
import { decorate, renderMessage } from './message-render';
import { MAX_FOCUS_PAGES, panel } from './panel-data';

/** The first message at or below the top of the scroller and how far below the top it is, to put it back there. */
function topAnchor(container: HTMLElement, scroller: HTMLElement): { id: string; offset: number } | null {
  const top = scroller.getBoundingClientRect().top;
  for (const node of Array.from(container.children) as HTMLElement[]) {
    const box = node.getBoundingClientRect();
    if (box.bottom > top && node.dataset.id) return { id: node.dataset.id, offset: box.top - top };
  }
  return null;
}

export function upsert(container: HTMLElement, messages: MessageView[], mode: 'replace' | 'refresh' | 'prepend' | 'append', inThread: boolean): void {
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
export function reportShown(): void {
  vscode.postMessage({
    type: 'shown',
    messages: listInner.childElementCount,
    olderShown: getComputedStyle(olderButton).display !== 'none',
    focusedId: panel.focusedId,
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
export function focusWhenShown(): void {
  if (panel.focusWanted === null) return;
  const node = document.querySelector<HTMLElement>(`[data-id="${CSS.escape(panel.focusWanted)}"]`);
  if (node) {
    document.querySelectorAll('.focused').forEach((n) => n.classList.remove('focused'));
    node.scrollIntoView({ block: 'center' });
    node.classList.add('focused');
    panel.focusedId = panel.focusWanted;
    panel.focusWanted = null;
    panel.focusPages = 0;
    return;
  }
  if (panel.oldest !== null && panel.hasMore && panel.focusPages < MAX_FOCUS_PAGES) {
    panel.focusPages++;
    loadOlder();
  }
}

export function loadOlder(): void {
  if (!panel.hasMore || panel.loadingOlder || !panel.oldest) return;
  panel.loadingOlder = true;
  olderButton.textContent = 'Loading…';
  vscode.postMessage({ type: 'loadOlder', before: panel.oldest });
}
