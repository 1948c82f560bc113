// A terminal process opens the offline store on the native SQLite binding (term/native-sqlite.ts),
// chosen when the store's code loads (both outside the terminal UI's first frame).
import { useSqlOpener, type SqlOpener } from '../shared/index';

let native: { opener: SqlOpener | undefined } | undefined;

/** Imports the store's module (`load`, an import of shared/cache, shared/outbox or the inbox store) with the terminal's SQLite chosen. */
export async function loadOfflineStore<T>(load: () => Promise<T>): Promise<T> {
  const [module, { nativeSqliteOpener }] = await Promise.all([load(), import('./native-sqlite')]);
  native ??= { opener: nativeSqliteOpener() };
  useSqlOpener(native.opener);
  return module;
}
