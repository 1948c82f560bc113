import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';

/** `import text from './x.md'` gives the file's text, as esbuild's text loader does in the bundles. */
const markdownAsText: Plugin = {
  name: 'wsc-markdown-as-text',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('.md')) return null;
    return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
  },
};

// Every suite runs against the local service's default reading of the spec, and the client suites
// (shared layer, CLI, TUI flows, reliability) again against `--variant latitude` (gzip, 204
// confirmations, short pages, empty run pages, omitted nulls, newest-first mention windows, early
// long-polls), so the client is proven against the spec's latitude, not its twin.
const LATITUDE_SUITES = ['test/shared/features/**/*.test.ts', 'test/shared/reliability/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/tui/**/*.test.{ts,tsx}'];
const ALL_SUITES = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
// Suites that drive a terminal program in a pseudo-terminal react to the screen in real time: they
// run after the rest, so the other suites' load never starves their frames.
const PTY_SUITES = ['test/**/*-pty.test.ts'];
// The VS Code suite runs inside code-server (npm run test:extension), not in vitest.
const EXCLUDED = ['test/extension/suite/**', 'test/extension/harness/**', 'node_modules/**'];
// Most suites wait on the local service and child processes more than they compute: at two workers
// the shared-core suites kept the two cores half busy (418 s of files in 237 s, 240 CPU-s), so
// they run four at a time (vitest's default on two cores is one).
const PARALLEL_WORKERS = 4;
// The pseudo-terminal suites wait on the screen even more (a whole pty run used under half a core):
// two files at a time, each a program in its own pseudo-terminal reacting in real time.
const PTY_WORKERS = 2;
// The shared-core suites reuse one worker process for many files (isolate: false): each file's
// imports are then loaded once per worker, not once per file, which was about half their CPU time.
// Every such suite starts its own service and homes, and a file that changes process-wide state
// puts it back when it ends. The pseudo-terminal suites keep a fresh process per file.

export default defineConfig({
  plugins: [markdownAsText],
  test: {
    exclude: EXCLUDED,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['./test/support/run-temp-folder.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'default', include: ALL_SUITES, exclude: [...EXCLUDED, ...PTY_SUITES], maxWorkers: PARALLEL_WORKERS, isolate: false } },
      { extends: true, test: { name: 'latitude', include: LATITUDE_SUITES, exclude: [...EXCLUDED, ...PTY_SUITES], maxWorkers: PARALLEL_WORKERS, isolate: false, env: { WSC_TEST_VARIANT: 'latitude' } } },
      { extends: true, test: { name: 'default-pty', include: PTY_SUITES, maxWorkers: PTY_WORKERS, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'latitude-pty', include: ['test/cli/**/*-pty.test.ts', 'test/tui/**/*-pty.test.ts'], maxWorkers: PTY_WORKERS, sequence: { groupOrder: 1 }, env: { WSC_TEST_VARIANT: 'latitude' } } },
    ],
  },
});
