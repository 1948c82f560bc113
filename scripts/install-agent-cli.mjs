#!/usr/bin/env node
// Installs the agent CLI the agent set-up test runs (test/mcp/agent-cli.test.ts): Google's Gemini
// CLI from npm, pinned, into a cache folder outside the project's node_modules (like
// scripts/install-code-server.mjs). Skipped when a previous run finished (the marker is written
// only after success); a half-finished install is removed first.
// Usage: node scripts/install-agent-cli.mjs [--print-paths]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { GEMINI_CLI_VERSION, geminiCliInstall, isGeminiInstalled } from './agent-cli-paths.mjs';

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

async function install() {
  const paths = geminiCliInstall();
  if (isGeminiInstalled(paths)) {
    console.log(`@google/gemini-cli ${GEMINI_CLI_VERSION} already installed in ${paths.root}`);
    return;
  }
  const started = Date.now();
  console.log(`installing @google/gemini-cli ${GEMINI_CLI_VERSION} into ${paths.root} (once)`);
  rmSync(paths.root, { recursive: true, force: true });
  mkdirSync(paths.root, { recursive: true });
  const env = { ...process.env, npm_config_loglevel: process.env.npm_config_loglevel || 'error', npm_config_fund: 'false', npm_config_audit: 'false' };
  await run('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--prefix', paths.root, `@google/gemini-cli@${GEMINI_CLI_VERSION}`], { env });
  if (!existsSync(paths.entry)) throw new Error(`the Gemini CLI did not land at ${paths.entry}`);
  writeFileSync(paths.marker, JSON.stringify({ geminiCli: GEMINI_CLI_VERSION, installedAt: new Date().toISOString() }) + '\n');
  console.log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv.includes('--print-paths')) {
  console.log(JSON.stringify({ ...geminiCliInstall(), installed: isGeminiInstalled() }, null, 2));
} else {
  install().catch((error) => {
    console.error(`install-agent-cli: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Check the npm registry is reachable and retry; a partial install is removed on the next run.');
    process.exit(1);
  });
}
