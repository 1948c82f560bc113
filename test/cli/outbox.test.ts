// wsc post / task update while the service is away, wsc outbox list|retry|edit|drop, the replay
// after the next command, kill -9 in the middle of a replay, two replaying processes, and logout.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { knownAccount, outboxPath, rememberAccount, terminalOfflineRoot, type OutboxOperation } from '../../shared';
import { openAccountOutbox } from '../../shared/outbox';
import { loadFixture, startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc, startWsc } from './run-wsc';

const MARIA = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const MARIA_ID = 'a0000000-0000-4000-8000-000000000003';
const WORKSPACE = loadFixture().workspace.id;

let running: TestEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.stop();
});

async function start(options: Parameters<typeof startEmulator>[0] = {}): Promise<TestEmulator> {
  const emu = await startEmulator(options);
  running.push(emu);
  return emu;
}

async function stop(emu: TestEmulator): Promise<void> {
  await emu.stop();
  running = running.filter((e) => e !== emu);
}

async function bodiesAt(emu: TestEmulator, prefix: string): Promise<string[]> {
  const { tables } = await emu.control.state();
  return (tables.messages ?? []).map((m) => String(m.body)).filter((b) => b.startsWith(prefix));
}

/** Puts posts straight into the outbox the CLI of `home` uses (as if queued while offline). */
function seedOutbox(home: string, url: string, bodies: string[]): void {
  const env = cliEnv(home);
  const root = terminalOfflineRoot(env);
  const account = rememberAccount(root, { baseUrl: url, token: MARIA }, { workspaceId: WORKSPACE, userId: MARIA_ID });
  const outbox = openAccountOutbox(root, account);
  for (const body of bodies) outbox.enqueue({ kind: 'post', channelId: GENERAL, channelName: 'general', body } satisfies OutboxOperation);
  outbox.close();
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('wsc post while the service cannot be reached', () => {
  it('finds the channel by name in the offline cache that wsc sync filled', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    const home = makeHome();
    const env = cliEnv(home, { url: first.url, token: MARIA });
    expect((await runWsc(['sync'], { env })).code).toBe(0);
    await stop(first);
    const queued = await runWsc(['post', 'general', 'first write, offline'], { env });
    expect(queued.code).toBe(8);
    const again = await start({ port });
    expect((await runWsc(['outbox', 'retry'], { env })).code).toBe(0);
    expect(await bodiesAt(again, 'first write, offline')).toEqual(['first write, offline']);
  });

  it('queues the post (exit 8, said on stderr), lists it, and the next command that reaches the service sends it once', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    const home = makeHome();
    const env = cliEnv(home, { url: first.url, token: MARIA });
    expect((await runWsc(['post', 'general', 'online first'], { env })).code).toBe(0);
    await stop(first);

    const queued = await runWsc(['post', '#general', 'written offline'], { env });
    expect(queued.code).toBe(8);
    expect(queued.stderr).toContain('queued: the service could not be reached; wsc outbox retry sends it');
    const queuedTask = await runWsc(['task', 'update', 'T-1', '--note', 'noted offline'], { env });
    expect(queuedTask.code).toBe(8);

    const list = await runWsc(['outbox', 'list', '--json'], { env });
    expect(list.code).toBe(0);
    const entries = list.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: number; state: string; operation: { kind: string } });
    expect(entries.map((e) => [e.state, e.operation.kind])).toEqual([
      ['pending', 'post'],
      ['pending', 'task_update'],
    ]);

    const again = await start({ port });
    const channels = await runWsc(['channels'], { env });
    expect(channels.code).toBe(0);
    expect(channels.stderr).toContain('sent from the outbox: post in #general: "written offline"');
    expect(await bodiesAt(again, 'written offline')).toHaveLength(1);
    const { tables } = await again.control.state();
    expect(JSON.stringify(tables.tasks)).toContain('noted offline');
    expect((await runWsc(['outbox'], { env })).stdout).toContain('Nothing waits in the outbox.');
    expect((await runWsc(['outbox', 'retry'], { env })).code).toBe(0);
    expect(await bodiesAt(again, 'written offline')).toHaveLength(1);
  });
});

describe('wsc post with WSC_URL/WSC_TOKEN before the service was ever reached', () => {
  it('queues the post (exit 8) in an outbox of its own; the first command that reaches the service learns the account and sends it once', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    await stop(first);
    const home = makeHome();
    const env = cliEnv(home, { url: first.url, token: MARIA });
    const queued = await runWsc(['post', 'general', 'before ever connecting'], { env });
    expect(queued.code, queued.stderr).toBe(8);
    expect(queued.stderr).toContain('queued: the service could not be reached');
    expect((await runWsc(['outbox', 'list'], { env })).stdout).toContain('post in #general: "before ever connecting"');

    const again = await start({ port });
    const channels = await runWsc(['channels'], { env });
    expect(channels.code, channels.stderr).toBe(0);
    expect(channels.stderr).toContain('sent from the outbox: post in #general: "before ever connecting"');
    expect(await bodiesAt(again, 'before ever connecting')).toHaveLength(1);
    expect((await runWsc(['outbox'], { env })).stdout).toContain('Nothing waits in the outbox.');
  });
});

describe('wsc outbox', () => {
  it('keeps a post the service refuses on replay (lost write access) with its message and the choices, and drops it', async () => {
    const emu = await start();
    const home = makeHome();
    const env = cliEnv(home, { url: emu.url, token: MARIA });
    seedOutbox(home, emu.url, ['refused on replay']);
    const readOnly = loadFixture();
    readOnly.tokens = readOnly.tokens.map((t) => (t.token === MARIA ? { ...t, scopes: ['workspace:read'] } : t));
    await emu.control.reset(readOnly);

    const retry = await runWsc(['outbox', 'retry'], { env });
    expect(retry.code).toBe(4);
    expect(retry.stderr).toContain('the service refused outbox entry 1');
    const list = await runWsc(['outbox', 'list'], { env });
    expect(list.stdout).toContain('failed  post in #general: "refused on replay"');
    expect(list.stdout).toMatch(/refused: .+ \[permission_required\]/);
    expect(list.stdout).toContain('hint: ');
    expect(list.stdout).toContain('wsc outbox edit 1 TEXT · retry: wsc outbox retry 1 · drop: wsc outbox drop 1');
    const edit = await runWsc(['outbox', 'edit', '1', 'corrected'], { env });
    expect(edit.code).toBe(0);
    expect((await runWsc(['outbox', 'list', '--json'], { env })).stdout).toContain('"body":"corrected"');
    expect((await runWsc(['outbox', 'drop', '1'], { env })).code).toBe(0);
    expect((await runWsc(['outbox', 'drop', '1'], { env })).code).toBe(4);
    expect(await bodiesAt(emu, 'refused on replay')).toEqual([]);
  });

  it('sends each entry exactly once when the replaying process is killed (kill -9) half-way and the replay runs again', async () => {
    const emu = await start();
    const home = makeHome();
    const env = cliEnv(home, { url: emu.url, token: MARIA });
    const bodies = Array.from({ length: 8 }, (_, i) => `killed replay ${i + 1}`);
    seedOutbox(home, emu.url, bodies);
    await emu.control.faults({ delayMs: 150, pathPattern: '/api/v1/channels/*/messages' });
    const child = startWsc(['outbox', 'retry'], { env });
    await waitFor(async () => (await bodiesAt(emu, 'killed replay')).length >= 3, 20_000);
    child.child.kill('SIGKILL');
    await child.exited;
    const before = await bodiesAt(emu, 'killed replay');
    expect(before.length).toBeLessThan(8);

    await emu.control.faults({});
    const again = await runWsc(['outbox', 'retry'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(await bodiesAt(emu, 'killed replay')).toEqual(bodies);
  });

  it('sends each entry once, in order, when two processes replay at the same time', async () => {
    const emu = await start();
    const home = makeHome();
    const env = cliEnv(home, { url: emu.url, token: MARIA });
    const bodies = Array.from({ length: 10 }, (_, i) => `two at once ${i + 1}`);
    seedOutbox(home, emu.url, bodies);
    await emu.control.faults({ delayMs: 30, pathPattern: '/api/v1/channels/*/messages' });
    const [a, b] = await Promise.all([runWsc(['outbox', 'retry'], { env }), runWsc(['outbox', 'retry'], { env })]);
    expect([a.code, b.code].sort()).toContain(0);
    await runWsc(['outbox', 'retry'], { env });
    expect(await bodiesAt(emu, 'two at once')).toEqual(bodies);
  });
});

describe('wsc doc edit while the service fails', () => {
  it('keeps the save in the outbox with the version it was edited from (exit 8) and saves it by compare-and-set when the service is back', async () => {
    const emu = await start();
    const DEPLOY = 'd0000000-0000-4000-8000-000000000003';
    const env = cliEnv(makeHome(), {
      url: emu.url,
      token: MARIA,
      extra: {
        EDITOR: `'${process.execPath}' '${join(__dirname, 'scripted-editor.mjs')}'`,
        EDIT_MODE: 'append-then-fail',
        OTHER_URL: emu.url,
        CONTROL_KEY: emu.controlKey,
      },
    });
    const edit = await runWsc(['doc', 'edit', DEPLOY], { env });
    expect(edit.code, edit.stderr).toBe(8);
    expect(edit.stderr).toContain('queued: the service failed (500); wsc outbox retry sends it');
    const list = await runWsc(['outbox', 'list'], { env });
    expect(list.stdout).toContain('save of the doc "Deploy guide"');
    await emu.control.faults({});
    const retry = await runWsc(['outbox', 'retry'], { env });
    expect(retry.code, retry.stderr).toBe(0);
    const { tables } = await emu.control.state();
    expect(JSON.stringify(tables.docs)).toContain('3. Announce.');
  });
});

describe('wsc logout with writes waiting', () => {
  it('refuses, naming how many wait, and --force signs out and drops them', async () => {
    const emu = await start();
    const home = makeHome();
    const env = cliEnv(home);
    expect((await runWsc(['login', '--url', emu.url], { env, input: `${MARIA}\n` })).code).toBe(0);
    seedOutbox(home, emu.url, ['waits at logout', 'also waits']);
    const refused = await runWsc(['logout'], { env });
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('2 writes of profile "default" wait in the outbox');
    expect(refused.stderr).toContain('wsc logout --force');
    const forced = await runWsc(['logout', '--force'], { env });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Dropped 2 unsent writes from the outbox.');
    const root = terminalOfflineRoot(env);
    expect(existsSync(outboxPath(root, { serviceUrl: emu.url, workspaceId: WORKSPACE, userId: MARIA_ID }))).toBe(false);
    expect(knownAccount(root, { baseUrl: emu.url, token: MARIA })).toBeUndefined();
  });
});
