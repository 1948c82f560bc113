// The mention inbox: rows newest first, deduped by id; read marks kept in globalState (a
// "read up to" timestamp plus a bounded set of ids read one by one). vscode-free.
import type { MentionRow } from '../../shared/index';
import type { KeyValueStore } from '../key-value-store';

const READ_UP_TO = 'wsc.mentions.readUpTo';
const READ_IDS = 'wsc.mentions.readIds';
const MAX_ROWS = 200;
const MAX_READ_IDS = 500;

export class MentionInbox {
  private items: MentionRow[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly isMuted: (channelId: string) => boolean = () => false,
  ) {}

  onChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  rows(): readonly MentionRow[] {
    return this.items;
  }

  /** Adds rows not seen yet; returns those that were new. */
  add(rows: readonly MentionRow[]): MentionRow[] {
    const known = new Set(this.items.map((r) => r.id));
    const fresh = rows.filter((r) => !known.has(r.id));
    if (fresh.length === 0) return [];
    this.items = [...this.items, ...fresh].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)).slice(0, MAX_ROWS);
    this.emit();
    return fresh;
  }

  clear(): void {
    this.items = [];
    this.emit();
  }

  isUnread(row: MentionRow): boolean {
    const upTo = this.store.get<string>(READ_UP_TO);
    if (upTo !== undefined && row.created_at <= upTo) return false;
    return !this.readIds().includes(row.id);
  }

  unread(): MentionRow[] {
    return this.items.filter((r) => !this.isMuted(r.channel_id) && this.isUnread(r));
  }

  unreadCount(): number {
    return this.unread().length;
  }

  unreadByChannel(): ReadonlyMap<string, number> {
    const counts = new Map<string, number>();
    for (const r of this.unread()) counts.set(r.channel_id, (counts.get(r.channel_id) ?? 0) + 1);
    return counts;
  }

  async markRead(id: string): Promise<void> {
    const ids = this.readIds();
    if (ids.includes(id)) return;
    await this.store.update(READ_IDS, [...ids, id].slice(-MAX_READ_IDS));
    this.emit();
  }

  /** Everything up to the newest row is read. */
  async markAllRead(): Promise<void> {
    const newest = this.items[0]?.created_at;
    if (!newest) return;
    await this.store.update(READ_UP_TO, newest);
    await this.store.update(READ_IDS, []);
    this.emit();
  }

  /** Baseline for a first run: everything that exists now counts as read. */
  async markReadIfFirstRun(newest: string | undefined): Promise<void> {
    if (this.store.get<string>(READ_UP_TO) === undefined && newest) await this.store.update(READ_UP_TO, newest);
  }

  private readIds(): string[] {
    return this.store.get<string[]>(READ_IDS) ?? [];
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}
