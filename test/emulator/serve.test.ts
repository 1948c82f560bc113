// `wsc serve` as a real process: the first stdout line, flags, and a restart with --data that loses nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnEmulator } from '../support/emulator';
import { api, IDS, TOKENS, type Loose } from './support/api';

const ROOT = join(__dirname, '..', '..');
let dir: string;

beforeAll(() => {
  // Build only when missing: rebuilding here would rewrite dist/ under the other suites' feet.
  if (!existsSync(join(ROOT, 'dist', 'wsc.mjs'))) {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  }
  dir = mkdtempSync(join(tmpdir(), 'wsc-serve-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('wsc serve', () => {
  it('prints one JSON line with url and pid, binds loopback, stops on SIGTERM', async () => {
    const em = await spawnEmulator();
    try {
      expect(em.info).toMatchObject({
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        pid: expect.any(Number),
        realtimeUrl: expect.stringMatching(/^ws:\/\//),
        controlKey: expect.stringMatching(/^[\w-]{32}$/),
      });
      // The key is this run's: the control API answers with it, and without it says where it is.
      expect((await em.control.state()).tables.messages?.length).toBeGreaterThan(0);
      expect((await fetch(`${em.url}/_emulator/state`)).status).toBe(401);
      expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).body.userId).toBe(IDS.maria);
    } finally {
      await em.stop();
    }
    expect(em.child?.exitCode).toBe(0);
  });

  it('explains bad flags and exits non-zero', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'wsc.js'), 'serve', '--port', 'abc'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--port needs a number');
    const f = spawnSync(process.execPath, [join(ROOT, 'dist', 'wsc.js'), 'serve', '--fixture', join(dir, 'missing.json')], { encoding: 'utf8' });
    expect(f.status).toBe(2);
    expect(f.stderr).toContain('cannot read fixture file');
  });

  it('binds beyond loopback only with --allow-remote, warns, and the demo tokens then work only from this machine', async () => {
    const refused = spawnSync(process.execPath, [join(ROOT, 'dist', 'wsc.js'), 'serve', '--host', '0.0.0.0', '--demo'], { encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--allow-remote');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    const em = await spawnEmulator({ demo: true, args: ['--host', '0.0.0.0', '--allow-remote', outside ?? 'box.lan'] });
    try {
      const port = new URL(em.url).port;
      expect((await api(`http://127.0.0.1:${port}`, 'hpt_demo_alice', 'GET', '/api/v1/me')).status).toBe(200);
      if (outside) {
        const fromOutside = await api(`http://${outside}:${port}`, 'hpt_demo_alice', 'GET', '/api/v1/me');
        expect(fromOutside.status).toBe(401);
        expect(fromOutside.body.error.message).toContain('only from this machine');
      }
    } finally {
      await em.stop();
    }
  });

  it('a restart with --data loses nothing', async () => {
    const data = join(dir, 'state.sqlite');
    const first = await spawnEmulator({ dataFile: data });
    const posted = await api(first.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'survives restarts' }, { 'idempotency-key': 'persist-1' });
    const task = await api(first.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 'persisted task' });
    const doc = (await api(first.url, TOKENS.maria, 'GET', `/api/v1/docs/${IDS.onboardingDoc}`)).body;
    const saved = await api(first.url, TOKENS.maria, 'PATCH', `/api/v1/docs/${IDS.onboardingDoc}`, { body: 'edited', expected_updated_at: doc.updated_at });
    const before = await first.control.state();
    await first.stop();

    const second = await spawnEmulator({ dataFile: data });
    try {
      const after = await second.control.state();
      for (const table of ['messages', 'tasks', 'docs', 'receipts', 'run_events']) {
        expect(after.tables[table], table).toEqual(before.tables[table]);
      }
      const list = (await api(second.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body.messages as Loose[];
      expect(list.at(-1)).toMatchObject({ id: posted.body.id, body: 'survives restarts' });
      expect((await api(second.url, TOKENS.maria, 'GET', `/api/v1/docs/${IDS.onboardingDoc}`)).body.updated_at).toBe(saved.body.updated_at);
      const replay = await api(second.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'survives restarts' }, { 'idempotency-key': 'persist-1' });
      expect(replay.body.id).toBe(posted.body.id);
      const next = await api(second.url, TOKENS.maria, 'POST', '/api/v1/tasks', { title: 'after restart' });
      expect(next.body.number).toBe(task.body.number + 1);
      const newest = await api(second.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'later' });
      const all = (await api(second.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body.messages as Loose[];
      expect(all.at(-1).id).toBe(newest.body.id);
      expect(all.at(-1).created_at > all.at(-2).created_at).toBe(true);
    } finally {
      await second.stop();
    }
  });
});
