// How long a test helper waits for an outcome (a screen text, an output line, a process exit)
// before calling it a hang. Never a pace the test relies on: every wait ends as soon as its outcome
// is there, and on a busy machine (both cores held by other work) a TUI start alone took over 10 s.
// vitest.config.ts gives each test twice this.
export const HANG_LIMIT_MS = 60_000;
