// wsc post, read (incl. --follow) and mentions (incl. resumable and --follow) against the local service.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../shared';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc, startWsc, WSC } from './run-wsc';

let emu: TestEmulator;
let mike: Client;
const MARIA = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const DM = 'c0000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  emu = await startEmulator();
  mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'test' });
});
afterAll(async () => {
  await mike.close();
  await emu.stop();
});

const env = (home = makeHome()) => cliEnv(home, { url: emu.url, token: MARIA });
const lines = (s: string) => s.split('\n').filter((l) => l !== '');

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('wsc post', () => {
  it('posts text by channel name and prints {id,url} with --json; the post carries the via marker', async () => {
    const r = await runWsc(['post', '#general', 'hello', 'from', 'the', 'cli', '--json'], { env: env() });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { id: string; url: string };
    expect(Object.keys(result).sort()).toEqual(['id', 'url']);
    const page = await mike.messages(GENERAL, { limit: 1 });
    expect(page.messages[0]).toMatchObject({ id: result.id, body: 'hello from the cli', via: 'wsc' });
  });

  it("reads the body from stdin with '-' and replies in a thread with --thread", async () => {
    const root = await mike.postMessage(GENERAL, { body: 'thread root' });
    const r = await runWsc(['post', GENERAL, '-', '--thread', root.id], { env: env(), input: 'line one\nline **two**\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Posted \S+ in #general: http/);
    const thread = await mike.thread(root.id);
    expect(thread.replies.map((m) => m.body)).toEqual(['line one\nline **two**']);
  });

  it('an unknown channel exits 4; an empty text exits 2', async () => {
    const a = await runWsc(['post', 'leadership', 'hi'], { env: env() });
    expect(a.code).toBe(4);
    expect(a.stderr).toContain("wsc: No channel 'leadership' that you can read. [not_found]");
    const b = await runWsc(['post', 'general', '-'], { env: env(), input: '\n' });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('post: the message is empty. [usage]');
  });

  it('a read-only token gets the service\'s permission error (exit 4)', async () => {
    const r = await runWsc(['post', 'general', 'hi'], { env: cliEnv(makeHome(), { url: emu.url, token: 'hpt_member_read' }) });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/\[permission_required\]\n {2}hint: /);
  });
});

describe('wsc read', () => {
  it('--limit N --json prints the newest N messages oldest first, one JSON object per line', async () => {
    const r = await runWsc(['read', 'general', '--limit', '3', '--json'], { env: env() });
    expect(r.code).toBe(0);
    const rows = lines(r.stdout).map((l) => JSON.parse(l) as { created_at: string; channel_id: string; author: { handle: string } });
    expect(rows).toHaveLength(3);
    expect(rows.every((m) => m.channel_id === GENERAL)).toBe(true);
    expect([...rows].sort((a, b) => a.created_at.localeCompare(b.created_at))).toEqual(rows);
    const newest = await mike.messages(GENERAL, { limit: 1 });
    expect(rows[2]).toMatchObject({ created_at: newest.messages[0]?.created_at });
  });

  it('text shows author, time and the rendered body', async () => {
    await mike.postMessage(GENERAL, { body: 'Rendered **bold** and `code`' });
    const r = await runWsc(['read', 'general', '--limit', '1'], { env: env() });
    expect(r.stdout).toMatch(/^\S+Z Mike Member via test · \S+\n {2}Rendered bold and code\n$/);
  });

  it('--follow prints new messages as they come, without gaps or repeats, until stopped', async () => {
    const running = startWsc(['read', 'general', '--limit', '1', '--follow', '--json'], { env: env() });
    try {
      await running.waitForLines(1);
      await new Promise((r) => setTimeout(r, 300));
      const posted: string[] = [];
      for (let i = 0; i < 3; i++) posted.push((await mike.postMessage(GENERAL, { body: `live ${i}` })).id);
      const got = await running.waitForLines(4, undefined);
      const ids = got.slice(1).map((l) => (JSON.parse(l) as { id: string }).id);
      expect(ids).toEqual(posted);
    } finally {
      expect(await running.stop()).toBe(0);
    }
  });
  it('colours only on a terminal, and never with NO_COLOR (run under a real pseudo-terminal)', async () => {
    const underPty = (extra: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        const cmd = `'${process.execPath}' '${WSC}' read general --limit 1`;
        // No pager: less writes its own keypad sequences; this is about wsc's colour (pager-pty.test.ts pages).
        const child = spawn('script', ['-qec', cmd, '/dev/null'], { env: { ...env(), TERM: 'xterm', WSC_PAGER: 'cat', ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
        child.once('error', reject);
        child.once('close', () => resolve(out));
      });
    await mike.postMessage(GENERAL, { body: 'some **bold** text' });
    const coloured = await underPty({});
    expect(coloured).toContain('\x1b[1mbold\x1b[22m');
    const plain = await underPty({ NO_COLOR: '1' });
    expect(plain).toContain('some bold text');
    expect(plain).not.toContain('\x1b');
  });

  it('--follow survives an outage: messages posted while it reconnects arrive once, in order', async () => {
    const running = startWsc(['read', 'general', '--limit', '1', '--follow', '--json'], { env: env() });
    try {
      await running.waitForLines(1);
      await emu.control.faults({ fail500: 1000, pathPattern: `*/channels/${GENERAL}/messages` });
      await waitFor(() => running.stderr().includes('reconnecting…'), 30_000);
      await emu.control.faults({});
      const posted = [(await mike.postMessage(GENERAL, { body: 'during 1' })).id, (await mike.postMessage(GENERAL, { body: 'during 2' })).id];
      const got = await running.waitForLines(3, undefined);
      expect(got.slice(1).map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(posted);
      await waitFor(() => running.stderr().includes('Reconnected.'), 5_000);
    } finally {
      await emu.control.faults({});
      expect(await running.stop()).toBe(0);
    }
  }, 60_000);
});

describe('wsc mentions', () => {
  it('prints mentions oldest first as NDJSON, then resumes after the newest one', async () => {
    const home = makeHome();
    const first = await runWsc(['mentions', '--json'], { env: env(home) });
    expect(first.code).toBe(0);
    const rows = lines(first.stdout).map((l) => JSON.parse(l) as { id: string; reason: string; created_at: string; context: unknown[] });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(['mention', 'dm']).toContain(row.reason);
      expect(Array.isArray(row.context)).toBe(true);
    }
    expect([...rows].sort((a, b) => a.created_at.localeCompare(b.created_at))).toEqual(rows);

    const again = await runWsc(['mentions', '--json'], { env: env(home) });
    expect(again.stdout).toBe('');

    const fresh = await mike.postMessage(GENERAL, { body: '@maria new since last time' });
    const dm = await mike.postMessage(DM, { body: 'a DM since last time' });
    const third = await runWsc(['mentions', '--json'], { env: env(home) });
    expect(lines(third.stdout).map((l) => (JSON.parse(l) as { id: string; reason: string }).id)).toEqual([fresh.id, dm.id]);
    expect(lines(third.stdout).map((l) => (JSON.parse(l) as { reason: string }).reason)).toEqual(['mention', 'dm']);

    // --since replaces the saved position for this run.
    const since = rows[rows.length - 1]?.created_at ?? '';
    const replay = await runWsc(['mentions', '--json', '--since', since], { env: env(home) });
    expect(lines(replay.stdout).map((l) => (JSON.parse(l) as { id: string }).id)).toEqual([fresh.id, dm.id]);
    // A look back never rewinds the saved position, even one cut short (`| head -1` stops it after
    // the oldest row): the next plain run prints nothing seen before.
    const cut = await new Promise<string>((resolve, reject) => {
      const child = spawn('bash', ['-c', `'${process.execPath}' '${WSC}' mentions --json --since 2000-01-01T00:00:00Z | head -1`], { env: env(home) });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.once('error', reject).once('exit', () => resolve(out));
    });
    expect(lines(cut)).toHaveLength(1);
    const after = await runWsc(['mentions', '--json'], { env: env(home) });
    expect(after.stdout).toBe('');
  });

  it('text output names the channel and the reason', async () => {
    const r = await runWsc(['mentions', '--since', '2026-11-21T09:06:00Z'], { env: env() });
    expect(r.stdout).toMatch(/@maria-mike \(DM\) Mike Member/);
  });

  it('--since must be a timestamp (exit 2)', async () => {
    const r = await runWsc(['mentions', '--since', 'yesterday'], { env: env() });
    expect(r.code).toBe(2);
  });

  it('--follow prints a new mention live and saves the position for the next run', async () => {
    const home = makeHome();
    await runWsc(['mentions'], { env: env(home) });
    const running = startWsc(['mentions', '--follow', '--json'], { env: env(home) });
    let posted: { id: string };
    try {
      await new Promise((r) => setTimeout(r, 800));
      posted = await mike.postMessage(GENERAL, { body: 'hey @maria, live one' });
      const got = await running.waitForLines(1, undefined);
      expect((JSON.parse(got[0] ?? '{}') as { id: string }).id).toBe(posted.id);
    } finally {
      expect(await running.stop()).toBe(0);
    }
    const next = await runWsc(['mentions', '--json'], { env: env(home) });
    expect(next.stdout).toBe('');
  });
});

describe('a message nested deeper than the Markdown parser can take', () => {
  it('prints as its text in read and mentions, and the mention position moves past it', async () => {
    const home = makeHome();
    await runWsc(['mentions'], { env: env(home) });
    const deep = await mike.postMessage(GENERAL, { body: `${'> - '.repeat(964)}deep end @maria` });
    const read = await runWsc(['read', GENERAL, '--limit', '5'], { env: env(home) });
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('deep end');
    const mentions = await runWsc(['mentions', '--json'], { env: env(home) });
    expect(mentions.code).toBe(0);
    expect(lines(mentions.stdout).map((l) => (JSON.parse(l) as { id: string }).id)).toContain(deep.id);
    const text = await runWsc(['mentions', '--since', '2000-01-01T00:00:00Z'], { env: env(home) });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('deep end');
    expect((await runWsc(['mentions', '--json'], { env: env(home) })).stdout).toBe('');
  });
});
