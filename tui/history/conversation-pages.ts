// A conversation's paging state without React or HTTP: the window of messages held (history/
// message-window.ts), the cursors at its two edges, whether more lies beyond each, the thread root,
// and the rule that a page which does not move its cursor is an error (asked for again it would be
// asked for forever). The hook (hooks/use-conversation.ts) fetches; this decides what a page means.
import { PAGED_ENDPOINTS, compareTimestamps, cursorMoved, cursorStalled, type Message } from '../../shared/index';
import { MessageWindow } from './message-window';

export type ConversationTarget = { kind: 'channel'; channelId: string } | { kind: 'thread'; channelId: string; rootId: string };

export interface FetchedPage {
  messages: Message[];
  hasMore: boolean;
  root?: Message;
}

export function endpointOf(target: ConversationTarget): string {
  return target.kind === 'channel' ? PAGED_ENDPOINTS.messages : PAGED_ENDPOINTS.thread;
}

export class ConversationPages {
  readonly history: MessageWindow;
  /** created_at of the oldest message held: the next older page is before it. */
  oldest: string | null = null;
  /** created_at of the newest message held: newer pages (and live polls) ask after it. */
  newest: string | null = null;
  root: Message | null = null;
  /** Older messages than the window holds exist (on the service, or dropped from the window). */
  hasOlder = false;
  /** Newer messages than the window holds exist: the window is not at the newest, so live polls wait. */
  hasNewer = false;

  constructor(readonly target: ConversationTarget, windowMax?: number) {
    this.history = new MessageWindow(windowMax);
  }

  /** What the offline cache kept of this conversation, drawn until the first page comes. */
  private kept: readonly Message[] = [];

  /** Until the first page comes, live polls ask after the newest kept message and older pages before the oldest: no gap when the service returns. */
  showKept(kept: readonly Message[], root: Message | null = null): void {
    this.kept = kept;
    this.root = root;
    this.history.replaceAll(kept, root);
    // A long kept list is cut to the window's newest part: older ones are a scroll away.
    this.history.fitNewest();
    this.hasOlder = kept.length > 0;
    this.hasNewer = false;
    this.edges();
    this.newest ??= root?.created_at ?? null;
  }

  /**
   * The first (newest) page. It replaces what the cache kept; kept older messages stay only when
   * they join the page without a gap (the page is the whole history, reaches back to them, or was
   * read forward from the newest of them: `fromKept`).
   */
  first(page: FetchedPage, fromKept = false): void {
    this.root = page.root ?? null;
    const kept = this.kept;
    this.kept = [];
    const pageOldest = page.messages[0]?.created_at;
    const newestKept = kept[kept.length - 1]?.created_at;
    const joins = !page.root && pageOldest !== undefined && newestKept !== undefined && (fromKept || !page.hasMore || compareTimestamps(newestKept, pageOldest) >= 0);
    const pageIds = new Set(page.messages.map((m) => m.id));
    const older = joins ? kept.filter((m) => compareTimestamps(m.created_at, pageOldest) < 0 && !pageIds.has(m.id)) : [];
    // Kept messages the page does not join are dropped, not carried along as live extras.
    if (kept.length > 0) this.history.clear();
    this.history.replaceAll(older.length > 0 ? [...older, ...page.messages] : page.messages, this.root);
    const dropped = this.history.fitNewest();
    this.hasOlder = page.hasMore || dropped > 0;
    this.hasNewer = false;
    this.edges();
    this.newest ??= page.root?.created_at ?? null;
  }

  /** The oldest page of the conversation (read forward from its beginning): the window moves there. */
  oldestPage(page: FetchedPage): void {
    this.kept = [];
    this.root = page.root ?? this.root;
    this.history.replaceAll(page.messages, this.root, false);
    this.hasOlder = false;
    this.hasNewer = page.hasMore;
    this.edges();
    this.newest ??= this.root?.created_at ?? null;
  }

  /** The newest page again (`G` from a window away from it): the window moves there. */
  newestPage(page: FetchedPage): void {
    this.kept = [];
    this.root = page.root ?? this.root;
    this.history.replaceAll(page.messages, this.root, false);
    this.hasOlder = page.hasMore;
    this.hasNewer = false;
    this.edges();
    this.newest ??= this.root?.created_at ?? null;
  }

  /** The newest kept message when the newest page does not reach back to it (more was posted meanwhile than a page holds). */
  keptGapBefore(page: FetchedPage): string | null {
    const newestKept = this.kept[this.kept.length - 1]?.created_at;
    const pageOldest = page.messages[0]?.created_at;
    if (page.root || !page.hasMore || newestKept === undefined || pageOldest === undefined) return null;
    return compareTimestamps(newestKept, pageOldest) < 0 ? newestKept : null;
  }

  /** A page of newer messages asked after `asked` (null: the first poll). Returns whether to ask again. */
  newer(page: FetchedPage, asked: string | null): { added: number; more: boolean } {
    let added = 0;
    if (page.messages.length > 0) {
      const r = this.history.addNewer(page.messages);
      added = r.added;
      if (r.dropped > 0) this.hasOlder = true;
      this.edges();
    }
    if (page.hasMore && asked !== null && (this.newest === null || !cursorMoved(asked, this.newest, 'newer'))) throw cursorStalled(endpointOf(this.target), asked);
    this.hasNewer = page.hasMore && page.messages.length > 0;
    return { added, more: this.hasNewer && this.newest !== null };
  }

  /** A page of older messages asked before `asked`: put above the window. */
  older(page: FetchedPage, asked: string): { added: number } {
    const r = this.history.addOlder(page.messages);
    if (r.dropped > 0) this.hasNewer = true;
    this.edges();
    if (page.hasMore && (page.messages.length === 0 || this.oldest === asked)) throw cursorStalled(endpointOf(this.target), asked);
    this.hasOlder = page.hasMore;
    return { added: r.added };
  }

  /** The cursors are the window's edges (a thread's root is not one: its replies page). */
  private edges(): void {
    this.oldest = this.history.first?.created_at ?? null;
    this.newest = this.history.last?.created_at ?? null;
  }
}
