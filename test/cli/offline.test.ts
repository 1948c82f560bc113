// wsc channels/read from the offline cache: with --offline, and when the service cannot be reached;
// wsc logout removes the account's cache.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const MARIA = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';

let emu: TestEmulator | undefined;
afterEach(async () => {
  await emu?.stop();
  emu = undefined;
});

describe('wsc offline', () => {
  it('reads channels and messages from the cache when the service is down, saying so, and marks --json', async () => {
    emu = await startEmulator();
    const url = emu.url;
    const home = makeHome();
    const env = cliEnv(home, { url, token: MARIA });
    // wsc sync fills the cache (so do wsc login, the terminal UI and VS Code); plain reads do not.
    expect((await runWsc(['sync'], { env })).code).toBe(0);
    const live = await runWsc(['channels', '--json'], { env });
    expect(live.code).toBe(0);
    const liveChannels = (JSON.parse(live.stdout) as { channels: { id: string }[]; cached?: unknown }).channels;
    expect((JSON.parse(live.stdout) as { cached?: unknown }).cached).toBeUndefined();
    const read = await runWsc(['read', GENERAL, '--limit', '5', '--json'], { env });
    expect(read.code).toBe(0);
    const liveIds = read.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);

    await emu.stop();
    emu = undefined;
    const down = await runWsc(['channels', '--json'], { env });
    expect(down.code).toBe(0);
    const parsed = JSON.parse(down.stdout) as { channels: { id: string }[]; cached?: { savedAt: string } };
    expect(parsed.channels).toEqual(liveChannels);
    expect(Date.parse(parsed.cached?.savedAt ?? '')).not.toBeNaN();
    expect(down.stderr).toMatch(/cannot be reached.*cached.*Check the network/s);

    const offline = await runWsc(['read', 'general', '--limit', '5', '--offline'], { env });
    expect(offline.code).toBe(0);
    expect(offline.stderr).toMatch(/cached/);
    const offlineJson = await runWsc(['read', GENERAL, '--limit', '5', '--offline', '--json'], { env });
    const rows = offlineJson.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; cached?: { savedAt: string } });
    expect(rows.map((r) => r.id)).toEqual(liveIds);
    expect(rows.every((r) => r.cached !== undefined)).toBe(true);
  }, 60_000);

  it('says what to do when --offline finds nothing cached', async () => {
    emu = await startEmulator();
    const env = cliEnv(makeHome(), { url: emu.url, token: MARIA });
    const r = await runWsc(['channels', '--offline'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Nothing cached yet.*while the service can be reached/s);
  }, 60_000);

  it('says so when the cache cannot be opened, and the read goes on without it', async () => {
    emu = await startEmulator();
    const home = makeHome();
    const env = cliEnv(home, { url: emu.url, token: MARIA });
    expect((await runWsc(['sync'], { env })).code).toBe(0);
    const root = join(home, 'state', 'wsc', 'offline');
    const folder = readdirSync(root).find((n) => n !== 'accounts.json') as string;
    const db = new sqlite.Database(join(root, folder, 'cache.sqlite'));
    db.exec('PRAGMA user_version = 99');
    db.close();
    const live = await runWsc(['channels'], { env });
    expect(live.code).toBe(0);
    expect(live.stdout).toContain('general');
    // The read is shown; keeping it in a cache written by a newer wsc is not possible, and says so.
    expect(live.stderr).toMatch(/could not be kept in the offline cache/);
    const r = await runWsc(['channels', '--offline'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/offline cache is not available.*newer wsc/s);
  }, 60_000);

  it('logout removes the saved account cache', async () => {
    emu = await startEmulator();
    const home = makeHome();
    const env = cliEnv(home);
    expect((await runWsc(['login', '--url', emu.url], { env, input: `${MARIA}\n` })).code).toBe(0);
    expect((await runWsc(['channels'], { env })).code).toBe(0);
    const root = join(home, 'state', 'wsc', 'offline');
    const folder = readdirSync(root).find((n) => n !== 'accounts.json') as string;
    expect(existsSync(join(root, folder, 'cache.sqlite'))).toBe(true);
    const out = await runWsc(['logout'], { env });
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/offline cache/);
    expect(existsSync(join(root, folder, 'cache.sqlite'))).toBe(false);
  }, 60_000);
});
