// The terminal UI's first frame without the offline store: who the account is and its channel list,
// kept as a small JSON file beside the cache (written as the service answers and when the UI quits). Reading it costs a file
// read, where opening the store loads SQLite; the store opens right after the first frame is drawn.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { offlineAccountFolder, type Channel, type Identity, type OfflineAccount } from '../shared/prepaint';
import type { OfflineCache } from '../shared/index';

export const FIRST_FRAME_FILE = 'tui-first-frame.json';

export interface FirstFrame {
  readonly me: Identity;
  readonly channels: Channel[];
  /** When the service said the channel list (milliseconds since the epoch). */
  readonly savedAt: number;
}

function isFirstFrame(value: unknown): value is FirstFrame {
  const v = value as Partial<FirstFrame> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.savedAt === 'number' && Array.isArray(v.channels) && typeof v.me === 'object' && v.me !== null && typeof v.me.userId === 'string'
  );
}

export function firstFramePath(root: string, account: OfflineAccount): string {
  return join(offlineAccountFolder(root, account), FIRST_FRAME_FILE);
}

/** The saved first frame of this account; undefined when none, unreadable, or another account's. */
export function readFirstFrame(root: string, account: OfflineAccount): FirstFrame | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(firstFramePath(root, account), 'utf8'));
    if (!isFirstFrame(value) || value.me.userId !== account.userId || value.me.workspaceId !== account.workspaceId) return undefined;
    return value;
  } catch {
    return undefined;
  }
}

/** Writes the frame (private to the user; replaced whole, never half-written). */
export function saveFirstFrame(root: string, account: OfflineAccount, frame: FirstFrame): void {
  try {
    const path = firstFramePath(root, account);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(`${path}.tmp`, JSON.stringify(frame), { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  } catch {
    // Only the next start's first frame waits for the store instead.
  }
}

/** Keeps what the cache holds for the next first frame (nothing when it holds no identity or channel list). */
export function writeFirstFrame(root: string, account: OfflineAccount, cache: OfflineCache): void {
  try {
    const me = cache.get<Identity>('me')?.value;
    const channels = cache.get<Channel[]>('channels');
    if (!me || !channels) return;
    saveFirstFrame(root, account, { me, channels: channels.value, savedAt: channels.savedAt });
  } catch {
    // Only the next start's first frame waits for the store instead.
  }
}

let shown: FirstFrame | undefined;
let storeOpened: Promise<void> | undefined;

/** What the first frame draws until the store is open, and when the store will be (set by run.ts). */
export function setFirstFrame(frame: FirstFrame | undefined, opened?: Promise<void>): void {
  shown = frame;
  storeOpened = frame ? opened : undefined;
}

/** Settles once the store opening after the first frame has opened (or failed); undefined when none is pending. */
export function storeOpening(): Promise<void> | undefined {
  return storeOpened;
}

export function firstFrame(): FirstFrame | undefined {
  return shown;
}

/** The service answered with the channel list (a closed terminal never quits cleanly: the frame is kept as it comes). */
let keeper: ((channels: Channel[]) => void) | undefined;

export function setFirstFrameKeeper(keep: ((channels: Channel[]) => void) | undefined): void {
  keeper = keep;
}

export function channelsAnswered(channels: Channel[]): void {
  keeper?.(channels);
}

/** A keeper that writes when the list changed, else at most every `everyMs` (so "updated N min ago" stays true). */
export function firstFrameKeeper(write: (channels: Channel[]) => void, everyMs = 60_000, now = Date.now): (channels: Channel[]) => void {
  let last = '';
  let at = 0;
  return (channels) => {
    const text = JSON.stringify(channels);
    if (text === last && now() - at < everyMs) return;
    last = text;
    at = now();
    write(channels);
  };
}
