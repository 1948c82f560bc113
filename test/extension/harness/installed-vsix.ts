// The extension as people install it: the current build packed into a .vsix (vsce, its native
// module copied in first) and installed by code-server's own installer into a folder of its own.
// The suite's `--from-vsix` run loads the extension from that installed folder, so what it tests
// is what the .vsix carries (its files, its manifest, its words), not the working tree.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { codeServerInstall, isInstalled } from '../../../scripts/code-server-paths.mjs';

const run = promisify(execFile);
const STEP_MS = 600_000;

export interface InstalledVsix {
  /** The .vsix that was packed. */
  vsix: string;
  /** The installed extension's folder (extensions/<publisher>.<name>-<version>). */
  folder: string;
  /** The extensions folder it was installed into. */
  extensionsDir: string;
  remove(): void;
}

/** Packs `root`'s current build and installs it into a fresh extensions folder. */
export async function installVsix(root: string): Promise<InstalledVsix> {
  const codeServer = codeServerInstall();
  if (!isInstalled(codeServer)) throw new Error('code-server is not installed: run node scripts/install-code-server.mjs (npm test does, before vitest).');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; publisher: string; version: string };
  const work = mkdtempSync(join(tmpdir(), 'wsc-vsix-'));
  const remove = () => rmSync(work, { recursive: true, force: true });
  try {
    await run(process.execPath, [join(root, 'scripts', 'copy-native-for-vsix.mjs')], { cwd: root, timeout: STEP_MS });
    const vsix = join(work, 'wsc.vsix');
    await run(join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix], { cwd: root, timeout: STEP_MS });
    const extensionsDir = join(work, 'extensions');
    const args = [codeServer.codeServerEntry, '--extensions-dir', extensionsDir, '--user-data-dir', join(work, 'data')];
    await run(codeServer.nodeBin, [...args, '--install-extension', vsix], { timeout: STEP_MS });
    const folder = join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
    if (!existsSync(join(folder, 'package.json'))) throw new Error(`code-server installed the .vsix, but ${folder} has no package.json: the extension id or version changed?`);
    return { vsix, folder, extensionsDir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
