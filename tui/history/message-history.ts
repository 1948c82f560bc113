// The loaded messages of one conversation, oldest first, as views draw them (`shown`), and the
// older pages fetched but not shown yet.
//
// `shown` is one array, grown in place and never copied: a view's index into it stays right until
// the next publish, which is when the view is told to draw again. Older pages are indexed (deduped
// by id, their repeated parts shared) in slices of a few milliseconds (`index`), so a key read while
// a long history loads waits for one slice at most; `publish` then moves every indexed older page
// in with one in-place shift, rather than one shift (and one draw) per page.
import type { Message } from '../../shared/index';
import { MessageInterner } from './intern';

/** How many messages are indexed between two looks at the clock. */
const CLOCK_EVERY = 64;

/** A place in `shown` that stays on its message when `publish` puts older messages above it. */
export interface ShownMark {
  readonly index: number;
  /** `olderPublished` when the mark was made. */
  readonly older: number;
}

export class MessageHistory {
  /** What views draw, oldest first. Changes only in `replaceAll`, `addNewer`, `publish`, `replace`. */
  readonly shown: Message[] = [];
  /** Messages on top that older pages go below (a thread's root). */
  private top = 0;
  private readonly ids = new Set<string>();
  private readonly interner = new MessageInterner();
  /** Older pages waiting to be indexed, in the order they came (each older than the one before). */
  private readonly inbox: (readonly Message[])[] = [];
  /** Where indexing stands in `inbox[0]`. */
  private inboxAt = 0;
  /** The part of `inbox[0]` indexed so far. */
  private partial: Message[] = [];
  /** Indexed older pages, not shown yet, newest page first. */
  private readonly ready: Message[][] = [];
  private readyCount = 0;
  /** Messages `publish` has put above those shown before, ever (never reset: marks compare against it). */
  private olderPublished = 0;

  get count(): number {
    return this.shown.length;
  }

  /** Indexed older messages that `publish` would add. */
  get pendingOlder(): number {
    return this.readyCount;
  }

  /** True when older pages are still waiting to be indexed. */
  get indexing(): boolean {
    return this.inbox.length > 0;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /**
   * The first page: `top` (a thread's root) then `page`. Messages a live poll added meanwhile and
   * the page does not hold stay after it. Older pages queued before are dropped.
   */
  replaceAll(page: readonly Message[], top: Message | null = null): void {
    const first = top ? [top, ...page] : [...page];
    const firstIds = new Set(first.map((m) => m.id));
    const extra = this.shown.filter((m) => !firstIds.has(m.id));
    this.clear();
    this.top = top ? 1 : 0;
    for (const m of first) this.take(m, this.shown);
    for (const m of extra) this.take(m, this.shown);
  }

  /** Appends the messages of a newer page that are not shown yet; returns how many. */
  addNewer(page: readonly Message[]): number {
    const before = this.shown.length;
    for (const m of page) this.take(m, this.shown);
    return this.shown.length - before;
  }

  /** Queues an older page for `index` (kept as it came: no copy). */
  queueOlder(page: readonly Message[]): void {
    if (page.length > 0) this.inbox.push(page);
  }

  /**
   * Indexes queued older messages until none is left or `budgetMs` has passed (the clock is read
   * every few dozen messages). Returns true when nothing is left to index.
   */
  index(budgetMs: number, now: () => number = () => performance.now()): boolean {
    const deadline = now() + budgetMs;
    let sinceClock = 0;
    while (this.inbox.length > 0) {
      const page = this.inbox[0] as readonly Message[];
      while (this.inboxAt < page.length) {
        this.take(page[this.inboxAt++] as Message, this.partial);
        if (++sinceClock >= CLOCK_EVERY) {
          sinceClock = 0;
          if (now() >= deadline) return false;
        }
      }
      if (this.partial.length > 0) {
        this.ready.push(this.partial);
        this.readyCount += this.partial.length;
      }
      this.partial = [];
      this.inbox.shift();
      this.inboxAt = 0;
    }
    return true;
  }

  /** Moves every indexed older message into `shown` (below the root); returns how many. */
  publish(): number {
    const added = this.readyCount;
    if (added === 0) return 0;
    const list = this.shown;
    const oldLength = list.length;
    // Grown once, then the rest moved down in place (no new array of them all).
    list.length = oldLength + added;
    list.copyWithin(this.top + added, this.top, oldLength);
    let at = this.top;
    for (let p = this.ready.length - 1; p >= 0; p--) {
      for (const m of this.ready[p] as Message[]) list[at++] = m;
    }
    this.ready.length = 0;
    this.readyCount = 0;
    this.olderPublished += added;
    return added;
  }

  /** Marks `index` of `shown`, so `indexOfMark` finds its message after later publishes. */
  mark(index: number): ShownMark {
    return { index, older: this.olderPublished };
  }

  /** Where a marked message is now: messages published since went above it, unless it is on top (a thread's root). */
  indexOfMark(mark: ShownMark): number {
    return mark.index < this.top ? mark.index : mark.index + this.olderPublished - mark.older;
  }

  /** Index of a shown message, or -1. */
  indexOf(id: string): number {
    if (!this.ids.has(id)) return -1;
    return this.shown.findIndex((m) => m.id === id);
  }

  /** Replaces a shown message with `patch` applied (a new object, so caches keyed on it see the change). */
  replace(id: string, patch: Partial<Message>): boolean {
    const i = this.indexOf(id);
    const found = this.shown[i];
    if (!found) return false;
    this.shown[i] = { ...found, ...patch };
    return true;
  }

  clear(): void {
    this.shown.length = 0;
    this.top = 0;
    this.ids.clear();
    this.inbox.length = 0;
    this.inboxAt = 0;
    this.partial = [];
    this.ready.length = 0;
    this.readyCount = 0;
  }

  private take(m: Message, into: Message[]): void {
    if (this.ids.has(m.id)) return;
    this.ids.add(m.id);
    into.push(this.interner.intern(m));
  }
}
