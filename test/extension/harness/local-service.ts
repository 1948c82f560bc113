// The local service (`wsc serve`) the extension under test talks to. Needs a build (dist/wsc.js).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnGroup, stopGroup, waitForLine } from './child-process';

export interface LocalService {
  url: string;
  /** The first stdout line of `wsc serve`, parsed. */
  banner: { url: string; realtimeUrl?: string; demoTokens?: unknown[] } & Record<string, unknown>;
  stop(): Promise<void>;
}

/** `source`: a fixture file, or 'demo' for the Lumen Labs demo workspace. */
export async function startLocalService(root: string, source: { fixtureFile: string } | 'demo'): Promise<LocalService> {
  const launcher = join(root, 'dist', 'wsc.js');
  if (!existsSync(launcher)) throw new Error(`${launcher} is missing: build first with \`npm run build\`.`);
  const args = [launcher, 'serve', '--port', '0', ...(source === 'demo' ? ['--demo'] : ['--fixture', source.fixtureFile])];
  const child = spawnGroup(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const [line] = await waitForLine(child, /^\{.*\}$/, 15_000, 'The local service (wsc serve)');
    const banner = JSON.parse(line) as LocalService['banner'];
    if (typeof banner.url !== 'string') throw new Error(`wsc serve printed no url in its first line: ${line}`);
    child.stdout?.resume();
    child.stderr?.resume();
    return { url: banner.url, banner, stop: () => stopGroup(child) };
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
}
