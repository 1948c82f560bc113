// What the terminal UI remembers between runs, per service and person: drafts per channel or
// thread, and when each channel was last seen (for unread markers). One JSON file in the XDG state
// folder, written atomically with mode 0600 by the shared FileCursorStore.
import { join } from 'node:path';
import { FileCursorStore, compareTimestamps, stateDir, stateFileName, type ConfigEnv, type Identity } from '../shared/prepaint';

export interface LocalStateData {
  drafts: Record<string, string>;
  lastSeen: Record<string, string>;
}

const SAVE_DELAY_MS = 300;

/** The state file of one service, workspace and person, named by a hash of `scope` (it holds server strings). */
export function localStatePath(scope: string, env: ConfigEnv = process.env): string {
  return join(stateDir(env), 'tui', stateFileName(scope));
}

/** Where versions before hashed names kept it: read once so drafts survive the upgrade, never written. */
export function formerLocalStatePath(scope: string, env: ConfigEnv = process.env): string {
  const safe = scope.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'default';
  return join(stateDir(env), 'tui', `${safe}.json`);
}

/** The state of this person in this workspace of the service at `baseUrl`. */
export function localStateOf(baseUrl: string, me: Pick<Identity, 'workspaceId' | 'userId'>): LocalState {
  const scope = `${new URL(baseUrl).host}-${me.workspaceId}-${me.userId}`;
  return new LocalState(localStatePath(scope), formerLocalStatePath(scope));
}

export class LocalState {
  private data: LocalStateData = { drafts: {}, lastSeen: {} };
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();
  private readonly store: FileCursorStore<LocalStateData> | null;
  /** The last save failure, so the UI can say that drafts are not being kept. */
  lastError: unknown = null;

  /** `path` null: memory only (tests, benchmarks). `formerPath`: read while `path` holds nothing. */
  constructor(path: string | null, formerPath?: string) {
    this.store = path === null ? null : new FileCursorStore<LocalStateData>(path, formerPath);
  }

  async load(): Promise<void> {
    const loaded = await this.store?.load();
    if (loaded && typeof loaded === 'object') {
      this.data = { drafts: { ...(loaded.drafts ?? {}) }, lastSeen: { ...(loaded.lastSeen ?? {}) } };
    }
  }

  draft(key: string): string {
    return this.data.drafts[key] ?? '';
  }

  setDraft(key: string, text: string): void {
    if (text === '') delete this.data.drafts[key];
    else this.data.drafts[key] = text;
    this.scheduleSave();
  }

  lastSeen(channelId: string): string | undefined {
    return this.data.lastSeen[channelId];
  }

  /** Moves the channel's last-seen mark forward (never back). */
  markSeen(channelId: string, at: string | null | undefined): void {
    if (!at) return;
    const prev = this.data.lastSeen[channelId];
    if (prev !== undefined && compareTimestamps(prev, at) >= 0) return;
    this.data.lastSeen[channelId] = at;
    this.scheduleSave();
  }

  isUnread(channelId: string, lastMessageAt: string | null): boolean {
    if (!lastMessageAt) return false;
    const seen = this.data.lastSeen[channelId];
    return seen === undefined || compareTimestamps(lastMessageAt, seen) > 0;
  }

  private scheduleSave(): void {
    if (this.store === null || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, SAVE_DELAY_MS);
    this.timer.unref?.();
  }

  /** Saves now; resolves once this save (and any started before it) is on disk. */
  flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // One save at a time, each writing what is held when it starts: overlapping atomic writes end
    // in any order, and a delayed save finishing after the one at quit would put older drafts back.
    this.saving = this.saving.then(() => this.save());
    return this.saving;
  }

  private async save(): Promise<void> {
    if (this.store === null) return;
    try {
      await this.store.save(this.data);
      this.lastError = null;
    } catch (error) {
      this.lastError = error;
    }
  }
}
