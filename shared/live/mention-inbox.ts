/**
 * The mention inbox both faces show: rows newest first (by created_at to the last digit written,
 * never as plain strings), each message once, at most `cap` rows.
 */
import type { MentionRow } from '../contract';
import { compareTimestamps } from '../timestamps';

export const INBOX_CAP = 200;

export class MentionInbox {
  private items: MentionRow[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly cap = INBOX_CAP) {}

  /** Newest first. */
  rows(): readonly MentionRow[] {
    return this.items;
  }

  /** The newest row's created_at. */
  newest(): string | undefined {
    return this.items[0]?.created_at;
  }

  has(id: string): boolean {
    return this.items.some((r) => r.id === id);
  }

  /** Adds rows it does not hold yet (in any order); returns those that were new and kept, newest first. */
  add(rows: readonly MentionRow[]): MentionRow[] {
    const known = new Set(this.items.map((r) => r.id));
    const fresh = new Map<string, MentionRow>();
    for (const row of rows) if (!known.has(row.id) && !fresh.has(row.id)) fresh.set(row.id, row);
    if (fresh.size === 0) return [];
    // A stable sort: rows of equal created_at keep the order they came in.
    const next = [...this.items, ...fresh.values()].sort((a, b) => compareTimestamps(b.created_at, a.created_at)).slice(0, this.cap);
    const added = next.filter((r) => fresh.has(r.id));
    this.items = next;
    if (added.length > 0) this.emit();
    return added;
  }

  clear(): void {
    if (this.items.length === 0) return;
    this.items = [];
    this.emit();
  }

  onChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  protected emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
