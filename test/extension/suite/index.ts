// The integration suite's entry (`run()` is what VS Code's extensionTestsPath calls). esbuild
// bundles it to dist/test/extension/suite/index.js; the virtual module wsc:extension-suites
// (esbuild.mjs) requires every test/extension/suite/**/*.test.ts after mocha's globals exist.
import Mocha from 'mocha';
import { loadSuites } from 'wsc:extension-suites';

export function run(): Promise<void> {
  // Limits that catch hangs only: every wait ends when its outcome is there (see test/support/hang-limit.ts).
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 120_000, reporter: 'spec' });
  const grep = process.env.WSC_TEST_GREP;
  if (grep) mocha.grep(grep);
  mocha.suite.emit('pre-require', globalThis, 'wsc-extension-suite', mocha);
  loadSuites();
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} extension test(s) failed.`)) : resolve()));
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
