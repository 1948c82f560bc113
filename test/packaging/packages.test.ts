// Both deliverables as people install them, from the current build (npm test builds first):
// - the CLI: scripts/pack-cli.mjs → `npm install -g` into a fresh prefix (packages from npm's cache;
//   SQLite's native module downloaded as a prebuilt binary, from a loopback mirror here) → the
//   installed `wsc` runs;
// - the extension: `vsce ls` carries only what it needs; the .vsix installs into a fresh
//   code-server extensions folder, and the CLI inside it starts the demo service it offers (the
//   suite's --from-vsix run loads the extension from such a folder: test/extension/harness/installed-vsix.ts).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { codeServerInstall } from '../../scripts/code-server-paths.mjs';
import { installVsix } from '../extension/harness/installed-vsix';
import { smokeInstalledCli } from './installed-cli';
import { startPrebuiltMirror } from './prebuilt-mirror';

const INSTALL_MS = 600_000;
const execFileAsync = promisify(execFile);
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; publisher: string; version: string };
const vsce = resolve('node_modules', '.bin', 'vsce');

describe('the CLI package', () => {
  it(
    'packs, installs globally into a fresh prefix, and runs --version, serve --demo and a subcommand',
    async () => {
      const tarball = resolve(execFileSync('node', ['scripts/pack-cli.mjs'], { encoding: 'utf8' }).trim().split('\n').pop()!);
      const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
      expect(files).toContain('package/wsc.js');
      expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.ts'))).toEqual([]);
      const prefix = mkdtempSync(join(tmpdir(), 'wsc-prefix-'));
      const mirror = await startPrebuiltMirror();
      try {
        // Asynchronous: the mirror answers from this process.
        await execFileAsync('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], {
          timeout: INSTALL_MS,
          env: { ...process.env, ...mirror.env },
        });
      } finally {
        await mirror.close();
      }
      expect(mirror.served).toHaveLength(1);
      expect(existsSync(join(prefix, 'lib', 'node_modules', 'wsc-cli', 'node_modules', 'better-sqlite3', 'build', 'Release', 'obj'))).toBe(false);
      const result = await smokeInstalledCli(join(prefix, 'bin', 'wsc'), []);
      expect(result.version).toBe(`wsc ${manifest.version}`);
      expect(result.channelNames).toContain('general');
    },
    INSTALL_MS + 120_000,
  );
});

describe('the extension package', () => {
  it('vsce lists only the built extension, the CLI it starts, its native module, styles, icon and docs', () => {
    const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { encoding: 'utf8' }).trim().split('\n');
    const allowed = [
      /^(package\.json|README\.md|LICENSE|CHANGELOG\.md)$/,
      /^(package\.nls\.json|l10n\/bundle\.l10n\.json)$/,
      /^dist\/(extension\.js|wsc\.js|wsc\.mjs)$/,
      // What the extension loads on first use (the panels, the offline store, the realtime client).
      /^dist\/extension\/[\w-]+\.js$/,
      /^dist\/chunks\/[\w-]+\.mjs$/,
      /^dist\/cli\/(answers\/)?\w+\.cjs$/,
      /^dist\/media\/.+\.(js|css|ttf)$/,
      /^dist\/node_modules\/.+/,
      /^media\/(wsc\.svg|icon\.png|[\w-]+\.css|screenshots\/extension\.png|walkthrough\/[\w-]+\.md)$/,
    ];
    expect(listed.filter((file) => !allowed.some((re) => re.test(file)))).toEqual([]);
    for (const needed of ['package.nls.json', 'l10n/bundle.l10n.json', 'dist/extension.js', 'dist/wsc.js', 'dist/cli/channels.cjs', 'dist/cli/answers/ChannelsResponse.cjs', 'media/icon.png', 'CHANGELOG.md']) expect(listed).toContain(needed);
    expect(listed.some((file) => /^dist\/extension\/channel-panel-[\w]+\.js$/.test(file)), 'the channel panel, loaded on first use').toBe(true);
  });

  it(
    'the .vsix installs into a fresh code-server, and its bundled CLI serves the demo',
    async () => {
      const installed = await installVsix(process.cwd());
      try {
        const codeServer = codeServerInstall();
        const args = [codeServer.codeServerEntry, '--extensions-dir', installed.extensionsDir, '--user-data-dir', join(installed.extensionsDir, '..', 'data')];
        const listed = execFileSync(codeServer.nodeBin, [...args, '--list-extensions', '--show-versions'], { encoding: 'utf8' });
        expect(listed).toContain(`${manifest.publisher}.${manifest.name}@${manifest.version}`);
        const folder = installed.folder;
        expect(existsSync(join(folder, 'dist', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
        // The manifest's words (package.json says %key%) and the runtime messages' English bundle.
        for (const words of ['package.nls.json', join('l10n', 'bundle.l10n.json')]) expect(existsSync(join(folder, words)), words).toBe(true);
        const result = await smokeInstalledCli(process.execPath, [join(folder, 'dist', 'wsc.js')]);
        expect(result.version).toBe(`wsc ${manifest.version}`);
        expect(result.channelNames).toContain('general');
      } finally {
        installed.remove();
      }
    },
    INSTALL_MS + 120_000,
  );
});
