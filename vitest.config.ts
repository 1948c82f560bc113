import { defineConfig } from 'vitest/config';

// Two projects: every suite against the local service's default reading of the spec, and the
// client suites (shared layer, CLI, TUI flows, reliability) again against `--variant latitude`
// (gzip, 204 confirmations, short pages, empty run pages, omitted nulls, newest-first mention
// windows, early long-polls), so the client is proven against the spec's latitude, not its twin.
const LATITUDE_SUITES = ['test/shared-features/**/*.test.ts', 'test/reliability/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/tui/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    exclude: ['test/extension/**', 'node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'default', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'] } },
      { extends: true, test: { name: 'latitude', include: LATITUDE_SUITES, env: { WSC_TEST_VARIANT: 'latitude' } } },
    ],
  },
});
