// The shared mention inbox with read marks kept in globalState (a "read up to" timestamp plus a
// bounded set of ids read one by one), and unread counts that leave muted channels out. vscode-free.
import { MentionInbox, compareTimestamps, type MentionRow } from '../../shared/index';
import type { KeyValueStore } from '../key-value-store';

const READ_UP_TO = 'wsc.mentions.readUpTo';
const READ_IDS = 'wsc.mentions.readIds';
const MAX_READ_IDS = 500;

export class ReadMarkedInbox extends MentionInbox {
  constructor(
    private readonly store: KeyValueStore,
    private readonly isMuted: (channelId: string) => boolean = () => false,
  ) {
    super();
  }

  isUnread(row: MentionRow): boolean {
    const upTo = this.store.get<string>(READ_UP_TO);
    if (upTo !== undefined && compareTimestamps(row.created_at, upTo) <= 0) return false;
    return !this.readIds().includes(row.id);
  }

  unread(): MentionRow[] {
    return this.rows().filter((r) => !this.isMuted(r.channel_id) && this.isUnread(r));
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
    const newest = this.newest();
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
}
