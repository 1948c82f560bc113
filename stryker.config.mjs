// Mutation testing of the shared layer: `npm run mutation` (not part of `npm test`).
// One module at a time while iterating: `npx stryker run --mutate shared/tasks/pr-url.ts`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: [
    'shared/tasks/pr-url.ts',
    'shared/docs/save-doc.ts',
    'shared/docs/three-way-merge.ts',
    'shared/live/inbox-feed.ts',
    'shared/live/mention-watcher.ts',
    'shared/paging.ts',
    'shared/http/retry-policy.ts',
    'shared/markdown/sanitize-terminal.ts',
    'shared/tasks/task-ref.ts',
    'shared/channels/own-mentions.ts',
    'shared/run-events/reader.ts',
    // The offline outbox, when it exists: a glob that matches nothing only draws a warning.
    'shared/offline/outbox*.ts',
    // Its replay scheduler: rounds one at a time, retries, a stop, a drop while no round may start.
    'shared/offline/replay-loop.ts',
    // Which account a connection is while offline: how the outbox (and the saved copy) is found.
    'shared/offline/known-accounts.ts',
  ],
  concurrency: 2,
  // Module-level constants (a mutated regex or Set at load time) would each re-run every suite: too
  // slow for 2 cores. The checks those constants make are kept inside functions where it matters.
  ignoreStatic: true,
  timeoutMS: 20_000,
  // Reuses the last full run's results for unchanged code and tests; off while the suites are narrowed.
  incremental: process.env.WSC_MUTATION_TESTS === undefined && process.env.WSC_MUTATION_SKIP === undefined,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: process.env.WSC_MUTATION_JSON ?? 'reports/mutation/mutation.json' },
  cleanTempDir: 'always',
};
