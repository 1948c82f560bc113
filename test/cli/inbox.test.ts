// wsc inbox against the local service over real HTTP (the built dist/wsc.js): Maria's inbox, a task
// of hers changed by the admin, done shared through the store between commands, a watched run
// settling while --follow --json runs, a reader that leaves early, a bad --source and the service
// going away.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../shared';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { EXIT } from '../../cli/exit-codes';
import { cliEnv, hasTerminalControls, makeHome, runWsc, startWsc, WSC, type RunningWsc } from './run-wsc';

const MARIA = 'hpt_member_rw';
const ADMIN = 'hpt_admin_all';
const RUN = 'b0000000-0000-4000-8000-000000000001';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const SETTLED = { name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'failed', summary: 'tests failed' } };

let emu: TestEmulator | undefined;
let running: RunningWsc | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  await emu?.stop();
  emu = undefined;
});

interface Line {
  type?: string;
  id?: string;
  source?: string;
  title?: string;
  state?: string;
  unread?: number;
  bySource?: Record<string, number>;
}
const lines = (stdout: string): Line[] =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);

async function service(): Promise<{ emu: TestEmulator; env: NodeJS.ProcessEnv; home: string }> {
  emu = await startEmulator();
  const home = makeHome();
  return { emu, home, env: cliEnv(home, { url: emu.url, token: MARIA }) };
}

describe('wsc inbox', () => {
  it('a task of mine changed by someone else shows once; done hides it, and the next command sees it done', async () => {
    const { emu, env } = await service();
    const baseline = await runWsc(['inbox'], { env });
    expect(baseline.code, baseline.stderr).toBe(0);
    expect(baseline.stdout).not.toContain('task:T-2');
    expect(baseline.stdout).toContain('mention');

    await emu.control.mergePr('https://github.com/acme/app/pull/42');
    const after = await runWsc(['inbox', '--json'], { env });
    expect(after.code, after.stderr).toBe(0);
    const tasks = lines(after.stdout).filter((l) => l.id === 'task:T-2');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ source: 'task', state: 'unread' });
    expect(tasks[0]?.title).toContain('moved to done (its pull request merged)');
    // Unread first.
    expect(lines(after.stdout)[0]?.id).toBe('task:T-2');
    // Asked again: still once.
    const again = await runWsc(['inbox', '--json', '--source', 'task'], { env });
    expect(lines(again.stdout).map((l) => l.id)).toEqual(['task:T-2']);

    const done = await runWsc(['inbox', 'done', 'task:T-2'], { env });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Done: task:T-2');
    const listed = await runWsc(['inbox'], { env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain('task:T-2');
    const withDone = await runWsc(['inbox', '--done', '--source', 'task', '--json'], { env });
    expect(lines(withDone.stdout)).toEqual([expect.objectContaining({ id: 'task:T-2', state: 'done' })]);

    const unknown = await runWsc(['inbox', 'done', 'task:T-99'], { env });
    expect(unknown.code).toBe(EXIT.notFound);
    expect(unknown.stderr).toContain("There is no inbox item 'task:T-99'");
    expect(unknown.stderr).toContain('hint: wsc inbox lists the ids');
  }, 60_000);

  it('read marks an item read (by its key alone); done --all --source empties that source only', async () => {
    const { emu, env } = await service();
    await runWsc(['inbox'], { env });
    await emu.control.mergePr('https://github.com/acme/app/pull/42');
    await runWsc(['inbox'], { env });
    const read = await runWsc(['inbox', 'read', 'T-2'], { env });
    expect(read.code, read.stderr).toBe(0);
    const unread = await runWsc(['inbox', '--unread', '--json'], { env });
    expect(lines(unread.stdout).map((l) => l.id)).not.toContain('task:T-2');
    const all = await runWsc(['inbox', 'done', '--all', '--source', 'mention', '--json'], { env });
    expect(all.code, all.stderr).toBe(0);
    const left = lines((await runWsc(['inbox', '--json'], { env })).stdout);
    expect(left.filter((l) => l.source === 'mention')).toEqual([]);
    expect(left.some((l) => l.source === 'dm')).toBe(true);
  }, 60_000);

  it('server text is printed safe for a terminal: no escape sequences, BiDi controls shown; --json keeps the value, escaped', async () => {
    const { emu, env } = await service();
    await runWsc(['inbox'], { env });
    const admin = new Client({ baseUrl: emu.url, token: ADMIN, clientName: 'inbox-test' });
    await admin.postMessage(GENERAL, { body: '@maria \u001b[2J\u001b]52;c;ZXZpbA==\u0007look txt.exe\u202e' });
    await admin.close();
    const plain = await runWsc(['inbox', '--unread'], { env });
    expect(plain.code, plain.stderr).toBe(0);
    expect(hasTerminalControls(plain.stdout)).toBe(false);
    expect(plain.stdout).toMatch(/^● message:\S+ {2}mention {2}@maria .*look txt\.exe<U\+202E> {2}Adam Admin · #general · \d{4}-\d\d-\d\d \d\d:\d\dZ$/m);
    const json = await runWsc(['inbox', '--unread', '--json'], { env });
    expect(hasTerminalControls(json.stdout)).toBe(false);
    expect(json.stdout).toContain('\\u202e');
    expect(lines(json.stdout)[0]?.title).toContain('look txt.exe\u202e');
  }, 60_000);

  it('a write the service refuses when the outbox sends it shows as an outbox item; dropped, it leaves the list', async () => {
    const { emu, env } = await service();
    await runWsc(['inbox'], { env });
    // The post waits (the service fails), then is refused when sent (its thread root does not exist).
    await emu.control.faults({ fail500: 20, pathPattern: '/api/v1/channels/*/messages' });
    const post = await runWsc(['post', GENERAL, 'reply into nothing', '--thread', 'e0000000-0000-4000-8000-00000000dead'], { env });
    expect(post.code, post.stderr).toBe(EXIT.queued);
    await emu.control.faults({});
    const listed = await runWsc(['inbox', '--source', 'outbox', '--json'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const [item] = lines(listed.stdout);
    expect(item).toMatchObject({ id: 'outbox:1', source: 'outbox', state: 'unread' });
    expect(item?.title).toContain('reply into nothing');
    expect(item?.title).toContain('Thread root was not found.');
    expect((await runWsc(['outbox', 'drop', '1'], { env })).code).toBe(0);
    const after = await runWsc(['inbox', '--source', 'outbox', '--json'], { env });
    expect(lines(after.stdout)).toEqual([]);
  }, 60_000);

  it('a bad --source says which are valid (exit 2); a bad subcommand names the good ones', async () => {
    const { env } = await service();
    const bad = await runWsc(['inbox', '--source', 'email'], { env });
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain("there is no source 'email'");
    expect(bad.stderr).toContain('mention, dm, task, run, outbox');
    const sub = await runWsc(['inbox', 'archive'], { env });
    expect(sub.code).toBe(EXIT.usage);
    expect(sub.stderr).toContain('done ID..., done --all, read ID... or watch RUN_ID');
    const follow = await runWsc(['inbox', '--follow', '--done'], { env });
    expect(follow.code).toBe(EXIT.usage);
    expect(follow.stderr).toContain('--unread and --done are for the list');
    const both = await runWsc(['inbox', 'done', 'task:T-2', '--all'], { env });
    expect(both.code).toBe(EXIT.usage);
    expect(both.stderr).toContain('give ids or --all, not both');
    const help = await runWsc(['inbox', '--help'], { env });
    expect(help.stdout).toContain('usage: wsc inbox [--unread] [--source SOURCE]');
  }, 60_000);

  it('--follow --json: the counts line at start, then an arrival and new counts when a watched run settles and when a mention comes', async () => {
    const { emu, env } = await service();
    const watch = await runWsc(['inbox', 'watch', RUN], { env });
    expect(watch.code, watch.stderr).toBe(0);
    expect(watch.stdout).toContain(`Watching run ${RUN}`);
    running = startWsc(['inbox', '--follow', '--json', '--interval', '1'], { env });
    const [start] = await running.waitForLines(1);
    const first = JSON.parse(start ?? '{}') as Line;
    expect(first).toMatchObject({ type: 'counts' });
    const before = first.unread ?? 0;

    await emu.control.appendRunEvents(RUN, [SETTLED]);
    const isSettled = (l: string) => (JSON.parse(l) as Line).id === `run:${RUN}:settled`;
    const [arrival] = await running.waitForLines(1, isSettled, 15_000);
    expect(JSON.parse(arrival ?? '{}')).toMatchObject({ type: 'arrival', source: 'run', title: 'Run failed: tests failed', state: 'unread' });
    const all = lines(running.stdout());
    const at = all.findIndex((l) => l.id === `run:${RUN}:settled`);
    await running.waitForLines(1, (l) => (JSON.parse(l) as Line).type === 'counts' && (JSON.parse(l) as Line).unread === before + 1);
    expect(lines(running.stdout()).slice(at + 1)[0]).toMatchObject({ type: 'counts', unread: before + 1 });

    // A mention arrives through the live feed.
    const admin = new Client({ baseUrl: emu.url, token: ADMIN, clientName: 'inbox-test' });
    await admin.postMessage(GENERAL, { body: '@maria the inbox follows this' });
    await admin.close();
    const [mention] = await running.waitForLines(1, (l) => (JSON.parse(l) as Line).title === '@maria the inbox follows this', 15_000);
    expect(JSON.parse(mention ?? '{}')).toMatchObject({ type: 'arrival', source: 'mention' });

    expect(await running.stop()).toBe(0);
    running = undefined;
  }, 60_000);

  it('--follow --json | head -1 ends cleanly (exit 0, no EPIPE) once the reader has left', async () => {
    const { emu, env } = await service();
    await runWsc(['inbox', 'watch', RUN], { env });
    const errFile = join(makeHome(), 'stderr');
    const child = spawn('bash', ['-c', `'${process.execPath}' '${WSC}' inbox --follow --json --interval 1 2>"$ERRFILE" | head -1; echo "status=\${PIPESTATUS[0]}"; cat "$ERRFILE"`], { env: { ...env, ERRFILE: errFile } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 15_000;
    while (!out.includes('"type":"counts"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain('"type":"counts"');
    // The next line it writes finds the pipe closed.
    await emu.control.appendRunEvents(RUN, [SETTLED]);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    expect(out).toContain('status=0');
    expect(out).not.toMatch(/EPIPE|Node\.js|at /);
  }, 60_000);

  it('with the service away: the saved copy, said on stderr; never read here: what happened and what to do (exit 6)', async () => {
    const { emu: service1, env } = await service();
    // The first look is the baseline of my tasks; the change after it is news.
    expect((await runWsc(['inbox'], { env })).code).toBe(0);
    await service1.control.mergePr('https://github.com/acme/app/pull/42');
    const live = await runWsc(['inbox'], { env });
    expect(live.stdout).toContain('task:T-2');
    await service1.stop();
    emu = undefined;
    const away = await runWsc(['inbox'], { env });
    expect(away.code, away.stderr).toBe(0);
    expect(away.stdout).toContain('task:T-2');
    expect(away.stderr).toContain('the service cannot be reached');
    expect(away.stderr).toContain('showing the inbox as saved on this machine');
    // done works without the service (the store is on this machine).
    const done = await runWsc(['inbox', 'done', 'task:T-2'], { env });
    expect(done.code, done.stderr).toBe(0);

    const stranger = await runWsc(['inbox'], { env: cliEnv(makeHome(), { url: env.WSC_URL, token: MARIA }) });
    expect(stranger.code).toBe(EXIT.unavailable);
    expect(stranger.stderr).toContain('never read on this machine');
    expect(stranger.stderr).toContain('hint:');
    expect(stranger.stderr).not.toContain(MARIA);
  }, 60_000);
});
