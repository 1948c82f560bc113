// Reads from the offline cache for a terminal-only user: wsc login primes it, wsc sync fills it, and
// task list, mentions, doc list/get and people read it with --offline or while the service is away;
// a read that reached the service leaves the cache file alone and never loads SQLite.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { EXIT } from '../../cli/exit-codes';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const MARIA = 'hpt_member_rw';

let emu: TestEmulator | undefined;
afterEach(async () => {
  await emu?.stop();
  emu = undefined;
});

function cacheFile(home: string): string {
  const root = join(home, 'state', 'wsc', 'offline');
  const folder = readdirSync(root).find((n) => n !== 'accounts.json') as string;
  return join(root, folder, 'cache.sqlite');
}

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe('wsc offline reads', () => {
  it('a read that reaches the service neither writes the cache nor loads SQLite', async () => {
    emu = await startEmulator();
    const home = makeHome();
    // A module resolve hook and a require hook that note every import or require of the SQLite package.
    const traced = join(home, 'sqlite-loaded');
    writeFileSync(join(home, 'resolve-hook.mjs'), `import { writeFileSync } from 'node:fs'; export async function resolve(spec, context, next) { if (spec === 'node-sqlite3-wasm') writeFileSync(${JSON.stringify(traced)}, 'yes'); return next(spec, context); }`);
    const hook = join(home, 'trace.mjs');
    writeFileSync(hook, `import { register } from 'node:module'; register('./resolve-hook.mjs', import.meta.url);`);
    const requireHook = join(home, 'trace.cjs');
    writeFileSync(
      requireHook,
      `const Module = require('node:module'); const load = Module._load; Module._load = function (request, ...rest) { if (request === 'node-sqlite3-wasm') require('node:fs').writeFileSync(${JSON.stringify(traced)}, 'yes'); return load.call(this, request, ...rest); };`,
    );
    const env = cliEnv(home);
    expect((await runWsc(['login', '--url', emu.url], { env, input: `${MARIA}\n` })).code).toBe(0);
    const file = cacheFile(home);
    const before = { size: statSync(file).size, mtime: statSync(file).mtimeMs, bytes: readFileSync(file) };
    const traceEnv = { ...env, NODE_OPTIONS: `--require ${requireHook} --import ${hook}` };
    for (const args of [['channels', '--json'], ['read', 'general', '--json'], ['task', 'list', '--json'], ['doc', 'list', '--json'], ['people', '--json']]) {
      const r = await runWsc(args, { env: traceEnv });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(json(r.stdout.split('\n')[0] ?? '{}').cached).toBeUndefined();
    }
    expect(existsSync(traced)).toBe(false);
    expect(statSync(file).mtimeMs).toBe(before.mtime);
    expect(readFileSync(file).equals(before.bytes)).toBe(true);
    // An offline read does load it (the trace works).
    expect((await runWsc(['channels', '--offline', '--json'], { env: traceEnv })).code).toBe(0);
    expect(existsSync(traced)).toBe(true);
  }, 90_000);

  it('login primes, sync fills; task list, mentions, doc list/get and people read the cache when the service is away', async () => {
    emu = await startEmulator();
    const home = makeHome();
    const env = cliEnv(home);
    const login = await runWsc(['login', '--url', emu.url], { env, input: `${MARIA}\n` });
    expect(login.code).toBe(0);
    expect(login.stderr).toMatch(/kept \d+ channels, \d+ people, \d+ tasks/);
    const sync = await runWsc(['sync'], { env });
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stdout).toMatch(/^Kept \d+ channels.*messages of \d+ channels.*cache\.sqlite\.\n$/);
    expect((statSync(cacheFile(home)).mode & 0o777).toString(8)).toBe('600');

    const live = {
      tasks: json((await runWsc(['task', 'list', '--json'], { env })).stdout).tasks,
      docs: json((await runWsc(['doc', 'list', '--json'], { env })).stdout).docs as { id: string; title: string; is_folder: boolean }[],
      people: json((await runWsc(['people', '--json'], { env })).stdout).people,
      mentions: (await runWsc(['mentions', '--since', '2000-01-01T00:00:00Z', '--json'], { env })).stdout.trim().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { id: string }).id),
    };
    const firstDoc = live.docs.find((d) => !d.is_folder);
    expect(firstDoc).toBeDefined();
    const liveDoc = await runWsc(['doc', 'get', firstDoc?.id ?? '', '--raw'], { env });

    await emu.stop();
    emu = undefined;
    const tasks = await runWsc(['task', 'list', '--json'], { env });
    expect(tasks.code, tasks.stderr).toBe(0);
    expect(json(tasks.stdout).tasks).toEqual(live.tasks);
    expect(Date.parse((json(tasks.stdout).cached as { savedAt: string }).savedAt)).not.toBeNaN();
    expect(tasks.stderr).toMatch(/cannot be reached.*showing the task list cached just now.*Check the network/s);

    const docs = await runWsc(['doc', 'list', '--json'], { env });
    expect(json(docs.stdout).docs).toEqual(live.docs);
    expect(json(docs.stdout).cached).toBeDefined();
    const doc = await runWsc(['doc', 'get', firstDoc?.title ?? '', '--raw'], { env });
    expect(doc.code, doc.stderr).toBe(0);
    expect(doc.stdout).toBe(liveDoc.stdout);

    const people = await runWsc(['people', '--json'], { env });
    expect(json(people.stdout).people).toEqual(live.people);

    const mentions = await runWsc(['mentions', '--json'], { env });
    expect(mentions.code, mentions.stderr).toBe(0);
    const rows = mentions.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; cached?: unknown });
    expect(rows.map((r) => r.id).sort()).toEqual([...live.mentions].sort());
    expect(rows.every((r) => r.cached !== undefined)).toBe(true);

    // A filter that needs the service has nothing cached: the network error and its exit code.
    const filtered = await runWsc(['task', 'list', '--text', 'x'], { env });
    expect(filtered.code).toBe(EXIT.unavailable);
    expect(filtered.stderr).toMatch(/network_error.*hint:/s);

    const offline = await runWsc(['doc', 'list', '--offline'], { env });
    expect(offline.code).toBe(0);
    expect(offline.stderr).toMatch(/--offline.*cached just now.*wsc sync/);

    const cleared = await runWsc(['cache', 'clear'], { env });
    expect(cleared.code).toBe(0);
    expect(existsSync(cacheFile(home))).toBe(false);
    const none = await runWsc(['task', 'list'], { env });
    expect(none.code).toBe(filtered.code);
  }, 120_000);
});
