// The messages of one conversation a view holds as objects, oldest first: a window of at most
// WINDOW_MAX around where the person reads, never the whole history. Pages join it at either end
// (deduped by id, their repeated parts shared); the far end is dropped as it grows past the cap, so
// a channel of a million messages costs what a few pages cost.
import type { Message } from '../../shared/index';
import { MessageInterner } from './intern';

/** The most messages held at once: a few pages above and below the selection. */
export const WINDOW_MAX = 400;

/**
 * A place in `shown` that stays on its message when messages join or leave above it, and when the
 * whole window is replaced by one that still holds it (the service's page over the cache's copy).
 */
export interface ShownMark {
  readonly index: number;
  /** `shift` when the mark was made. */
  readonly shift: number;
  /** The marked message's id (none for a mark past the window). */
  readonly id?: string;
}

export class MessageWindow {
  /** What views draw, oldest first. Changes only through the methods below. */
  readonly shown: Message[] = [];
  /** Messages on top that older pages go below (a thread's root). */
  private top = 0;
  private readonly ids = new Set<string>();
  private readonly interner = new MessageInterner();
  /** Messages put above those shown before, minus those dropped from above, ever (marks compare against it). */
  private shift = 0;

  constructor(private readonly max = WINDOW_MAX) {}

  get count(): number {
    return this.shown.length;
  }

  /** The first message below the root (a thread's), or undefined. */
  get first(): Message | undefined {
    return this.shown[this.top];
  }

  get last(): Message | undefined {
    return this.shown.length > this.top ? this.shown[this.shown.length - 1] : undefined;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /**
   * `top` (a thread's root) then `page`. With `keepExtra`, messages a live poll added meanwhile that
   * the page does not hold stay after it (the newest page replacing what the cache kept).
   */
  replaceAll(page: readonly Message[], top: Message | null = null, keepExtra = true): void {
    const first = top ? [top, ...page] : [...page];
    const firstIds = new Set(first.map((m) => m.id));
    const extra = keepExtra ? this.shown.filter((m) => !firstIds.has(m.id)) : [];
    // Every mark made before points elsewhere now: past any index they could hold.
    this.shift += this.shown.length + first.length;
    this.clear();
    this.top = top ? 1 : 0;
    for (const m of first) this.take(m, this.shown);
    for (const m of extra) this.take(m, this.shown);
  }

  /** Appends the messages of a newer page not held yet; returns how many. Drops the oldest past the cap. */
  addNewer(page: readonly Message[]): { added: number; dropped: number } {
    const before = this.shown.length;
    for (const m of page) this.take(m, this.shown);
    const added = this.shown.length - before;
    return { added, dropped: this.dropOldest(this.shown.length - this.max) };
  }

  /** Drops the oldest messages past the cap (a long list put in whole); returns how many. */
  fitNewest(): number {
    return this.dropOldest(this.shown.length - this.max);
  }

  /** Puts the messages of an older page not held yet above (below the root); returns how many. Drops the newest past the cap. */
  addOlder(page: readonly Message[]): { added: number; dropped: number } {
    const fresh: Message[] = [];
    for (const m of page) this.take(m, fresh);
    this.shown.splice(this.top, 0, ...fresh);
    this.shift += fresh.length;
    return { added: fresh.length, dropped: this.dropNewest(this.shown.length - this.max) };
  }

  /** Marks `index` of `shown`, so `indexOfMark` finds its message after later changes. */
  mark(index: number): ShownMark {
    const id = this.shown[index]?.id;
    return id === undefined ? { index, shift: this.shift } : { index, shift: this.shift, id };
  }

  /**
   * Where a marked message is now (below 0: dropped above; past the end: the window was replaced by
   * one without it); a thread's root stays on top.
   */
  indexOfMark(mark: ShownMark): number {
    const at = mark.index < this.top ? mark.index : mark.index + this.shift - mark.shift;
    if (mark.id === undefined || this.shown[at]?.id === mark.id) return at;
    // The window was replaced since (a key pressed on the cache's copy, then the service's page came).
    const found = this.indexOf(mark.id);
    return found >= 0 ? found : at;
  }

  /** Index of a held message, or -1. */
  indexOf(id: string): number {
    if (!this.ids.has(id)) return -1;
    return this.shown.findIndex((m) => m.id === id);
  }

  /** Replaces a held message with `patch` applied (a new object, so caches keyed on it see the change). */
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
  }

  private dropOldest(n: number): number {
    if (n <= 0) return 0;
    for (const m of this.shown.splice(this.top, n)) this.ids.delete(m.id);
    this.shift -= n;
    return n;
  }

  private dropNewest(n: number): number {
    if (n <= 0) return 0;
    for (const m of this.shown.splice(this.shown.length - n, n)) this.ids.delete(m.id);
    return n;
  }

  private take(m: Message, into: Message[]): void {
    if (this.ids.has(m.id)) return;
    this.ids.add(m.id);
    into.push(this.interner.intern(m));
  }
}
