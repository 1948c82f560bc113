// Where the third-party programs some tests run live: the Gemini CLI (the agent set-up test,
// test/mcp/agent-cli.test.ts), the official MCP conformance suite (test/mcp/conformance.test.ts), the
// MCP Inspector's command line (test/mcp/inspector.test.ts) and
// Stoplight Prism, a mock server generated from the service's OpenAPI document
// (test/cli/generated-mock.test.ts). They need more than the project's Node 20 gives them (the suite needs Node >= 22 and pulls
// packages that declare it), so they are installed from npm into a cache folder outside
// node_modules, like code-server (scripts/code-server-paths.mjs), and run with the Node 24 installed
// beside code-server. Shared by scripts/install-test-tools.mjs. Override the folder with
// WSC_TEST_CACHE_TOOLS.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const TEST_TOOLS = {
  'gemini-cli': { package: '@google/gemini-cli', version: '0.61.0', entry: ['@google', 'gemini-cli', 'bundle', 'gemini.js'] },
  conformance: { package: '@modelcontextprotocol/conformance', version: '0.1.16', entry: ['@modelcontextprotocol', 'conformance', 'dist', 'index.js'] },
  prism: { package: '@stoplight/prism-cli', version: '5.16.0', entry: ['@stoplight', 'prism-cli', 'dist', 'index.js'] },
  inspector: { package: '@modelcontextprotocol/inspector', version: '2.12.0', entry: ['@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js'] },
};

/** @param {keyof typeof TEST_TOOLS} name */
export function testToolInstall(name) {
  const tool = TEST_TOOLS[name];
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const root = join(process.env.WSC_TEST_CACHE_TOOLS || join(cacheHome, 'wsc-test'), `${name}-${tool.version}`);
  return { ...tool, name, root, marker: join(root, '.installed.json'), entry: join(root, 'node_modules', ...tool.entry) };
}

/** @param {keyof typeof TEST_TOOLS} name */
export function isTestToolInstalled(name, paths = testToolInstall(name)) {
  if (!existsSync(paths.marker) || !existsSync(paths.entry)) return false;
  try {
    return JSON.parse(readFileSync(paths.marker, 'utf8')).version === paths.version;
  } catch {
    return false;
  }
}

/** Back-compat names for the Gemini CLI. */
export const GEMINI_CLI_VERSION = TEST_TOOLS['gemini-cli'].version;
export const geminiCliInstall = () => testToolInstall('gemini-cli');
