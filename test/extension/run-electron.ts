// Runs the same integration suite in desktop VS Code through @vscode/test-electron (for machines
// with a desktop and internet: it downloads VS Code on first use into .vscode-test/). CI here uses
// run-code-server instead. Set VSCODE_EXECUTABLE_PATH to use an installed VS Code (no download).
//   npm run build && node dist/test/extension/run-electron.mjs
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { startLocalService } from './harness/local-service';
import { projectRoot, suiteEntry, suiteFixture } from './harness/project';

async function main(): Promise<number> {
  const root = projectRoot();
  const extensionTestsPath = suiteEntry(root);
  if (!existsSync(extensionTestsPath)) throw new Error(`${extensionTestsPath} is missing: build first with \`npm run build\`.`);
  const service = await startLocalService(root, suiteFixture(root));
  const scratch = mkdtempSync(join(tmpdir(), 'wsc-electron-'));
  try {
    const userDataDir = join(scratch, 'user-data');
    const workspaceFolder = join(scratch, 'workspace');
    mkdirSync(join(userDataDir, 'User'), { recursive: true });
    mkdirSync(join(workspaceFolder, '.vscode'), { recursive: true });
    writeFileSync(join(workspaceFolder, '.vscode', 'settings.json'), JSON.stringify({ 'wsc.serviceUrl': service.url }, null, 2));
    writeFileSync(
      join(userDataDir, 'User', 'settings.json'),
      JSON.stringify({ 'wsc.serviceUrl': service.url, 'update.mode': 'none', 'telemetry.telemetryLevel': 'off', 'chat.disableAIFeatures': true }, null, 2),
    );
    const vscodeExecutablePath = process.env.VSCODE_EXECUTABLE_PATH;
    await runTests({
      ...(vscodeExecutablePath ? { vscodeExecutablePath } : {}),
      extensionDevelopmentPath: root,
      extensionTestsPath,
      launchArgs: [workspaceFolder, '--user-data-dir', userDataDir, '--extensions-dir', join(scratch, 'extensions'), '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      extensionTestsEnv: { WSC_TEST_MODE: '1', WSC_TEST_SERVICE_URL: service.url },
    });
    return 0;
  } finally {
    await service.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`extension suite (desktop VS Code): ${error instanceof Error ? error.message : String(error)}\n`);
    process.stderr.write('Without internet, set VSCODE_EXECUTABLE_PATH to an installed VS Code, or run `npm run test:extension` (code-server).\n');
    process.exit(1);
  },
);
