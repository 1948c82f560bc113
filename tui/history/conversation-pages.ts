// A conversation's paging state without React or HTTP: the cursors at both ends, the thread root,
// and the rule that a page which does not move its cursor is an error (asked for again it would be
// asked for forever). The hook (hooks/use-conversation.ts) fetches; this decides what a page means.
import { PAGED_ENDPOINTS, compareTimestamps, cursorMoved, cursorStalled, type Message } from '../../shared/index';
import { MessageHistory } from './message-history';

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
  readonly history = new MessageHistory();
  /** created_at of the oldest message loaded (shown or queued): the next older page is before it. */
  oldest: string | null = null;
  /** created_at of the newest message loaded: live polls ask after it. */
  newest: string | null = null;
  root: Message | null = null;

  constructor(readonly target: ConversationTarget) {}

  /** What the offline cache kept of this conversation, drawn until the first page comes. */
  private kept: readonly Message[] = [];

  /** Until the first page comes, live polls ask after the newest kept message and older pages before the oldest: no gap when the service returns. */
  showKept(kept: readonly Message[], root: Message | null = null): void {
    this.kept = kept;
    this.root = root;
    this.oldest = kept[0]?.created_at ?? null;
    this.newest = kept[kept.length - 1]?.created_at ?? root?.created_at ?? null;
    this.history.replaceAll(kept, root);
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
    this.oldest = older[0]?.created_at ?? page.messages[0]?.created_at ?? null;
    this.newest = page.messages[page.messages.length - 1]?.created_at ?? page.root?.created_at ?? null;
    // Kept messages the page does not join are dropped, not carried along as live extras.
    if (kept.length > 0) this.history.clear();
    this.history.replaceAll(older.length > 0 ? [...older, ...page.messages] : page.messages, this.root);
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
      this.newest = (page.messages[page.messages.length - 1] as Message).created_at;
      if (this.oldest === null) this.oldest = page.messages[0]?.created_at ?? null;
      added = this.history.addNewer(page.messages);
    }
    if (page.hasMore && asked !== null && (this.newest === null || !cursorMoved(asked, this.newest, 'newer'))) throw cursorStalled(endpointOf(this.target), asked);
    return { added, more: page.hasMore && page.messages.length > 0 && this.newest !== null };
  }

  /**
   * A page of older messages asked before `asked`: queued for indexing (history.index, then
   * history.publish shows it). Returns whether there are older ones still.
   */
  older(page: FetchedPage, asked: string): { hasMore: boolean } {
    const first = page.messages[0];
    if (first && (this.oldest === null || compareTimestamps(first.created_at, this.oldest) < 0)) this.oldest = first.created_at;
    if (page.hasMore && (first === undefined || this.oldest === asked)) throw cursorStalled(endpointOf(this.target), asked);
    this.history.queueOlder(page.messages);
    return { hasMore: page.hasMore };
  }
}
