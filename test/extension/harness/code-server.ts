// Starts code-server (installed by scripts/install-code-server.mjs) on a free loopback port.
// Its environment is inherited by the extension host, which is how WSC_TEST_* reach the suite.
import type { ChildProcess } from 'node:child_process';
import { SMOKE_TEST_DRIVER_ARGS, codeServerInstall, isInstalled } from '../../../scripts/code-server-paths.mjs';
import { spawnGroup, stopGroup, waitForLine } from './child-process';
import type { Profile } from './profile';

export interface CodeServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** host:port, the authority of vscode-remote:// URIs */
  authority: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Variables of the caller that would confuse a nested VS Code (when run from a VS Code terminal). */
function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE' || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  return env;
}

export async function startCodeServer(profile: Profile, extraEnv: Record<string, string>, onOutput?: (line: string) => void): Promise<CodeServer> {
  const install = codeServerInstall();
  if (!isInstalled(install)) {
    throw new Error(`code-server is not installed in ${install.root}: run \`node scripts/install-code-server.mjs\` (about 2 minutes, once).`);
  }
  const args = [
    install.codeServerEntry,
    '--bind-addr', '127.0.0.1:0',
    '--auth', 'none',
    '--user-data-dir', profile.userDataDir,
    '--extensions-dir', profile.extensionsDir,
    '--config', profile.configFile,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    // Without the smoke-test driver the workbench ignores the test payload and nothing runs.
    ...SMOKE_TEST_DRIVER_ARGS,
  ];
  const child = spawnGroup(install.nodeBin, args, {
    cwd: profile.workspaceFolder,
    // An empty gallery keeps the workbench from querying open-vsx.org (offline here, and slower).
    env: { ...inheritedEnv(), ...profile.env, EXTENSIONS_GALLERY: '{}', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const match = await waitForLine(child, /HTTP server listening on (http:\/\/([^/\s]+))\/?/, 30_000, 'code-server');
    const url = match[1] ?? '';
    const authority = match[2] ?? '';
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) onOutput?.(line);
      });
    }
    return { url, authority, child, stop: () => stopGroup(child) };
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
}
