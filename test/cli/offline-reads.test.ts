// Reads from the offline cache for a terminal-only user: wsc login primes it, wsc sync fills it, and
// task list, mentions, doc list/get and people read it with --offline or while the service is away;
// and every read that reached the service fills it too (after printing).
import { existsSync, readdirSync, statSync } from 'node:fs';
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
  it('every read fills the cache after printing, with no login or sync: the same reads work --offline and while the service is away', async () => {
    emu = await startEmulator();
    const home = makeHome();
    // Credentials from the environment only: nothing was ever learnt about this account.
    const env = cliEnv(home, { url: emu.url, token: MARIA });
    for (const args of [['channels', '--json'], ['read', 'general', '--json'], ['task', 'list', '--json'], ['doc', 'list', '--json'], ['mentions', '--json']]) {
      const r = await runWsc(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(json(r.stdout.split('\n')[0] || '{}').cached).toBeUndefined();
    }
    expect(existsSync(cacheFile(home))).toBe(true);
    for (const args of [['channels', '--offline', '--json'], ['read', 'general', '--offline', '--json'], ['task', 'list', '--offline', '--json'], ['doc', 'list', '--offline', '--json']]) {
      const r = await runWsc(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stderr).not.toContain('Nothing cached yet');
    }
    // The service gone: a refused connection shows the cache at once (no retries first).
    await emu.stop();
    emu = undefined;
    const started = Date.now();
    const away = await runWsc(['read', 'general'], { env });
    expect(away.code, away.stderr).toBe(0);
    expect(away.stderr).toContain('cannot be reached');
    expect(away.stdout.length).toBeGreaterThan(0);
    // Not a timing goal (bench/ has those): retries would take seconds of backoff, a refused connection none.
    expect(Date.now() - started).toBeLessThan(15_000);
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

    // The terminal keeps it on the native SQLite (the editor's WebAssembly build opens the same file).
    const info = await runWsc(['cache', 'info', '--json'], { env });
    expect(info.code, info.stderr).toBe(0);
    expect(json(info.stdout)).toMatchObject({ exists: true, sqlite: 'native' });

    const cleared = await runWsc(['cache', 'clear'], { env });
    expect(cleared.code).toBe(0);
    expect(existsSync(cacheFile(home))).toBe(false);
    const none = await runWsc(['task', 'list'], { env });
    expect(none.code).toBe(filtered.code);
  }, 120_000);
});
