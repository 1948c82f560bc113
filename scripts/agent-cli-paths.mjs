// Where the agent CLI used by the agent set-up test lives (test/mcp/agent-cli.test.ts); shared by
// scripts/install-agent-cli.mjs. Outside node_modules, like code-server (scripts/code-server-paths.mjs).
// Override the folder with WSC_TEST_CACHE_AGENT.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const GEMINI_CLI_VERSION = '0.61.0';

export function geminiCliInstall() {
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const root = process.env.WSC_TEST_CACHE_AGENT || join(cacheHome, 'wsc-test', `gemini-cli-${GEMINI_CLI_VERSION}`);
  return {
    root,
    marker: join(root, '.installed.json'),
    entry: join(root, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'),
  };
}

export function isGeminiInstalled(paths = geminiCliInstall()) {
  if (!existsSync(paths.marker) || !existsSync(paths.entry)) return false;
  try {
    return JSON.parse(readFileSync(paths.marker, 'utf8')).geminiCli === GEMINI_CLI_VERSION;
  } catch {
    return false;
  }
}
