/**
 * The mention cursor of one account on this machine, the same for every face (the terminal UI,
 * `wsc mentions`, VS Code): the newest handled mention's `created_at`, in the account's folder.
 * It only ever moves forward: a face that looks back (`--since`), a service that answers rows
 * older than asked, or a restart from an older copy never makes the next run announce again what
 * was already seen.
 */
import { join } from 'node:path';
import { FileCursorStore, type CursorStore } from '../config/cursor-store';
import { offlineAccountFolder, type OfflineAccount } from '../offline/store-folder';
import { compareTimestamps } from '../timestamps';

export const MENTION_CURSOR_FILE = 'mention-cursor.json';

export function mentionCursorPath(root: string, account: OfflineAccount): string {
  return join(offlineAccountFolder(root, account), MENTION_CURSOR_FILE);
}

/** The later of two cursors (either may be missing). */
export function laterCursor(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareTimestamps(a, b) >= 0 ? a : b;
}

/**
 * A cursor store that never moves back. `formerStores`: where earlier versions of a face kept it
 * (read once, the latest of them wins, never written). `position`: a look back for this run only
 * (--since): loaded instead of the saved cursor, and never saved unless it moves the file forward.
 */
export class ForwardOnlyCursorStore implements CursorStore<string> {
  #position: string | undefined;

  constructor(
    private readonly file: CursorStore<string>,
    private readonly formerStores: readonly CursorStore<string>[] = [],
    position?: string,
  ) {
    this.#position = position;
  }

  async load(): Promise<string | undefined> {
    if (this.#position !== undefined) return this.#position;
    return this.saved();
  }

  /** The cursor as kept (the former stores included), whatever this run looked back to. */
  async saved(): Promise<string | undefined> {
    let cursor = await this.file.load();
    for (const former of this.formerStores) cursor = laterCursor(cursor, await former.load().catch(() => undefined));
    return cursor;
  }

  async save(cursor: string): Promise<void> {
    this.#position = cursor;
    const saved = await this.saved();
    if (saved === undefined || compareTimestamps(cursor, saved) > 0) await this.file.save(cursor);
  }
}

/** The account's shared mention cursor, never moving back. */
export function accountMentionCursor(root: string, account: OfflineAccount, options: { formerStores?: readonly CursorStore<string>[]; since?: string } = {}): ForwardOnlyCursorStore {
  return new ForwardOnlyCursorStore(new FileCursorStore<string>(mentionCursorPath(root, account)), options.formerStores ?? [], options.since);
}
