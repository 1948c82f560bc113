// The offline cache's entry for the faces, apart from shared/index.ts because opening it loads SQLite
// (SQLite itself): a face imports it lazily where a cache is opened, so starting a command,
// the terminal UI or the extension never pays for it. What needs no SQLite (the caching client
// wrapper, catch-up, the types) is in shared/index.ts.
export { OfflineCache, MESSAGES_PER_SCOPE, DEFAULT_CACHE_CAP_BYTES } from './offline/cache-store';
