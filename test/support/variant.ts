// Suites also run against `wsc serve --variant latitude` (vitest.config.ts, project "latitude").
// The few tests that count the default reading's exact page sizes are skipped there, by name.
export const TEST_VARIANT = process.env.WSC_TEST_VARIANT ?? '';
export const TWIN_ONLY = TEST_VARIANT !== '';
