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

// Two projects: every suite against the local service's default reading of the spec, and the
// client suites (shared layer, CLI, TUI flows, reliability) again against `--variant latitude`
// (gzip, 204 confirmations, short pages, empty run pages, omitted nulls, newest-first mention
// windows, early long-polls), so the client is proven against the spec's latitude, not its twin.
const LATITUDE_SUITES = ['test/shared-features/**/*.test.ts', 'test/reliability/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/tui/**/*.test.{ts,tsx}'];

export default defineConfig({
  plugins: [markdownAsText],
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
