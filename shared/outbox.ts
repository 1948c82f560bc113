// The outbox's entry for the faces, apart from shared/index.ts because it loads SQLite (WebAssembly,
// some 25 ms): a face imports it lazily, where a write is made or replayed, so starting a command,
// the terminal UI or the extension never pays for it. What needs no SQLite (which failures queue,
// where the file is) is also in shared/index.ts.
export * from './offline/outbox';
