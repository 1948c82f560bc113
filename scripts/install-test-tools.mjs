#!/usr/bin/env node
// Installs the third-party programs some tests run (scripts/test-tools-paths.mjs: the Gemini CLI and
// the MCP conformance suite), pinned, into a cache folder outside the project's node_modules. Each
// is skipped when a previous install finished (the marker is written only after success); a
// half-finished one is removed first.
// Usage: node scripts/install-test-tools.mjs [name...] [--print-paths]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { TEST_TOOLS, isTestToolInstalled, testToolInstall } from './test-tools-paths.mjs';

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

async function install(name) {
  const paths = testToolInstall(name);
  if (isTestToolInstalled(name, paths)) {
    console.log(`${paths.package} ${paths.version} already installed in ${paths.root}`);
    return;
  }
  const started = Date.now();
  console.log(`installing ${paths.package} ${paths.version} into ${paths.root} (once)`);
  rmSync(paths.root, { recursive: true, force: true });
  mkdirSync(paths.root, { recursive: true });
  // engine-strict off: these run on the Node 24 beside code-server, not on the Node doing the install.
  const env = { ...process.env, npm_config_loglevel: process.env.npm_config_loglevel || 'error', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_engine_strict: 'false' };
  await run('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--prefix', paths.root, `${paths.package}@${paths.version}`], { env });
  if (!existsSync(paths.entry)) throw new Error(`${paths.package} did not land at ${paths.entry}`);
  writeFileSync(paths.marker, JSON.stringify({ package: paths.package, version: paths.version, installedAt: new Date().toISOString() }) + '\n');
  console.log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = names.filter((n) => !(n in TEST_TOOLS));
if (unknown.length > 0) {
  console.error(`install-test-tools: unknown tool ${unknown.join(', ')}; known: ${Object.keys(TEST_TOOLS).join(', ')}`);
  process.exit(2);
}
const chosen = names.length > 0 ? names : Object.keys(TEST_TOOLS);
if (process.argv.includes('--print-paths')) {
  console.log(JSON.stringify(chosen.map((n) => ({ ...testToolInstall(n), installed: isTestToolInstalled(n) })), null, 2));
} else {
  (async () => {
    for (const name of chosen) await install(name);
  })().catch((error) => {
    console.error(`install-test-tools: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Check the npm registry is reachable and retry; a partial install is removed on the next run.');
    process.exit(1);
  });
}
