/**
 * Follows one file of an account's folder that other processes write (the outbox, the inbox): a
 * change to it calls `changed` once a burst of writes has settled. Watching the folder (not the
 * file) also sees a file that does not exist yet being made. Where the platform cannot watch, it
 * does nothing: the caller's own reads still happen.
 */
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

export interface FollowedFile {
  close(): void;
}

export function followFile(path: string, changed: () => void, settleMs = 50): FollowedFile {
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    watcher = watch(dirname(path), { persistent: false }, (_event, file) => {
      if (file !== name) return;
      clearTimeout(timer);
      timer = setTimeout(changed, settleMs);
      timer.unref?.();
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = undefined;
  }
  return {
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
