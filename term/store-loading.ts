// A one-shot command lives for a moment: V8's optimising tier would compile the offline store's
// SQLite (WebAssembly) a second time, some 200 ms of CPU, for speed the command never gets to use.
// Changing V8's flags also makes it refuse Node's cached compilations of built-in modules for the
// rest of the process, so the flag is set only when a command is about to open the store.
import { setFlagsFromString } from 'node:v8';

let shortLived = false;
let baselineOnly = false;

/** Said once by the `wsc` entry for a subcommand (not the terminal UI or the local service). */
export function markShortLived(): void {
  shortLived = true;
}

/** Call right before importing shared/cache or shared/outbox. */
export function beforeOfflineStoreLoads(): void {
  if (!shortLived || baselineOnly) return;
  setFlagsFromString('--liftoff-only');
  baselineOnly = true;
}
