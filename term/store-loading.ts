// The offline store's SQLite is WebAssembly. V8's optimising tier compiles its hot functions a
// second time in the background: some 200 ms of CPU and 15-20 MB of peak memory (the compiler's
// working memory for SQLite's large functions), for queries that run no faster here than the
// baseline compiler's code. So a terminal process compiles it with the baseline compiler only.
// The flag is read when the module is compiled: a long-lived process sets it back once the store
// has loaded, because a changed flag also makes V8 refuse Node's cached compilations of built-in
// modules; a one-shot command keeps it (it ends soon after).
import { setFlagsFromString } from 'node:v8';

let shortLived = false;
let baselineOnly = false;
let loading = 0;
let loaded = false;

/** Said once by the `wsc` entry for a subcommand (not the terminal UI or the local service). */
export function markShortLived(): void {
  shortLived = true;
}

/** Call right before importing shared/cache or shared/outbox in a one-shot command. */
export function beforeOfflineStoreLoads(): void {
  if (baselineOnly) return;
  setFlagsFromString('--liftoff-only');
  baselineOnly = true;
}

/** Imports the store's module (`load`, an import of shared/cache or shared/outbox) with SQLite compiled by the baseline compiler only. */
export async function loadOfflineStore<T>(load: () => Promise<T>): Promise<T> {
  if (loaded) return load();
  beforeOfflineStoreLoads();
  loading += 1;
  try {
    const module = await load();
    loaded = true;
    return module;
  } finally {
    loading -= 1;
    if (loading === 0 && !shortLived) {
      setFlagsFromString('--no-liftoff-only');
      baselineOnly = false;
    }
  }
}
