// Per-person channel state kept locally (globalState): where each channel was last read, and
// which channels are muted (muting is local: no notifications, no unread mark).
import { compareTimestamps } from '../../shared/index';
import type { KeyValueStore } from '../key-value-store';

const READ_KEY = 'wsc.channels.lastRead';
const MUTED_KEY = 'wsc.channels.muted';

type Listener = () => void;

export class ChannelState {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly store: KeyValueStore) {}

  onChange(listener: Listener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  lastRead(channelId: string): string | undefined {
    return this.readMap()[channelId];
  }

  /** A channel seen for the first time counts as read up to its newest message (no flood of unread marks on first use). */
  async baseline(channels: ReadonlyArray<{ id: string; last_message_at: string | null }>): Promise<void> {
    const map = { ...this.readMap() };
    let changed = false;
    for (const c of channels) {
      if (map[c.id] === undefined) {
        map[c.id] = c.last_message_at ?? '';
        changed = true;
      }
    }
    if (changed) await this.store.update(READ_KEY, map);
  }

  /** Marks read up to `createdAt` (never moves backwards). */
  async markRead(channelId: string, createdAt: string | null): Promise<void> {
    if (!createdAt) return;
    const map = { ...this.readMap() };
    const current = map[channelId];
    if (current !== undefined && compareTimestamps(current, createdAt) >= 0) return;
    map[channelId] = createdAt;
    await this.store.update(READ_KEY, map);
    this.emit();
  }

  isUnread(channel: { id: string; last_message_at: string | null }): boolean {
    if (!channel.last_message_at || this.isMuted(channel.id)) return false;
    const read = this.lastRead(channel.id);
    return read !== undefined && compareTimestamps(channel.last_message_at, read) > 0;
  }

  isMuted(channelId: string): boolean {
    return this.mutedList().includes(channelId);
  }

  async setMuted(channelId: string, muted: boolean): Promise<void> {
    const list = this.mutedList().filter((id) => id !== channelId);
    if (muted) list.push(channelId);
    await this.store.update(MUTED_KEY, list);
    this.emit();
  }

  private readMap(): Record<string, string> {
    return this.store.get<Record<string, string>>(READ_KEY) ?? {};
  }

  private mutedList(): string[] {
    return this.store.get<string[]>(MUTED_KEY) ?? [];
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}
