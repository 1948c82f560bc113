import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';

/** As in vitest.config.ts: `import text from './x.md'` gives the file's text (the spec and decisions load so). */
const markdownAsText: Plugin = {
  name: 'wsc-markdown-as-text',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('.md')) return null;
    return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
  },
};

// The suites Stryker runs against each mutant of shared/ (`npm run mutation`): those that drive the
// shared layer in-process — pure functions directly, the client against the local service over
// loopback. Suites that mostly run other processes (the CLI, a restarted `wsc serve`) test a built
// copy the mutant never reaches, so they would only cost time.
// WSC_MUTATION_TESTS (comma-separated globs) narrows the suites while iterating on one module; a
// score measured so is a lower bound of the full run's.
const narrowed = process.env.WSC_MUTATION_TESTS?.split(',').filter((g) => g !== '');
// WSC_MUTATION_SKIP (a regular expression) leaves out the tests whose name matches it, e.g. one that
// restarts a spawned service and so costs seconds for every mutant it covers; also a lower bound.
const skipped = process.env.WSC_MUTATION_SKIP;

export default defineConfig({
  plugins: [markdownAsText],
  test: {
    include: narrowed?.length ? narrowed : ['test/shared/client/**/*.test.ts', 'test/shared/features/**/*.test.ts', 'test/shared/reliability/**/*.test.ts'],
    exclude: [
      'node_modules/**',
      'test/shared/reliability/secrets.test.ts',
      'test/shared/reliability/watcher-faults.test.ts',
      'test/shared/reliability/exactly-once.test.ts',
    ],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    ...(skipped ? { testNamePattern: new RegExp(`^(?!.*(?:${skipped}))`) } : {}),
  },
});
