// `wsc task list` and `wsc doc list` against the big workspace (20,000 tasks, 3,000 docs in 100
// folders), as a subprocess: whole lists by default, a cut list said on stderr with the narrowing
// flags and `"truncated": true` in --json, natural order, any task and doc reachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '../../shared';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { startAnswerProxy, type AnswerProxy } from '../support/answer-proxy';
import { BIG, BIG_TOKENS, bigAssigneeOf, bigCount, bigTaskStatus, bigWorkspace } from '../fixtures/big-workspace';
import { cliEnv, makeHome, runWsc } from './run-wsc';

let emu: TestEmulator;
const env = (url = emu.url) => cliEnv(makeHome(), { url, token: BIG_TOKENS.owner });
const json = <T>(stdout: string) => JSON.parse(stdout) as T;
type Tasks = { tasks: Array<{ ref: string; status: string }>; truncated?: boolean };
type Docs = { docs: Array<{ title: string; is_folder: boolean }>; truncated?: boolean };

beforeAll(async () => {
  emu = await startEmulator({ fixture: bigWorkspace() });
}, 60_000);
afterAll(async () => {
  await emu.stop();
});

describe('wsc task list in a workspace of 20,000 tasks', () => {
  it('--mine lists all 500 of mine, whole, with no note', async () => {
    const r = await runWsc(['task', 'list', '--mine', '--json'], { env: env() });
    expect(r.code).toBe(0);
    const out = json<Tasks>(r.stdout);
    expect(out.tasks).toHaveLength(bigCount((n) => bigAssigneeOf(n) === 1));
    expect(out.truncated).toBeUndefined();
    expect(r.stderr).toBe('');
  });

  it('without filters: every status filled to the ceiling; the cut is said on stderr and in --json', async () => {
    const r = await runWsc(['task', 'list', '--json'], { env: env() });
    const out = json<Tasks>(r.stdout);
    expect(out.truncated).toBe(true);
    for (const status of TASK_STATUSES) expect(out.tasks.filter((t) => t.status === status).length, status).toBe(Math.min(500, bigCount((n) => bigTaskStatus(n) === status)));
    expect(r.stderr).toContain('more may be backlog, todo, doing, done');
    for (const flag of ['--status', '--epic', '--channel', '--text', '--limit']) expect(r.stderr).toContain(flag);
    const text = await runWsc(['task', 'list'], { env: env() });
    const refs = text.stdout.split('\n').filter(Boolean).map((line) => line.split(/\s+/)[0]);
    expect(refs.slice(0, 3)).toEqual(['T-1', 'T-2', 'T-3']);
    expect(refs.indexOf('T-10')).toBeGreaterThan(refs.indexOf('T-9'));
    expect(text.stderr).toContain('showing 2400 tasks');
  });

  it('--limit: an answer as long as asked is said to be cut', async () => {
    const r = await runWsc(['task', 'list', '--status', 'canceled', '--limit', '200'], { env: env() });
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(200);
    expect(r.stderr).toContain('(--limit 200)');
    const whole = await runWsc(['task', 'list', '--status', 'canceled', '--json'], { env: env() });
    expect(json<Tasks>(whole.stdout).tasks).toHaveLength(bigCount((n) => bigTaskStatus(n) === 'canceled'));
    expect(json<Tasks>(whole.stdout).truncated).toBeUndefined();
  });

  // A hang limit only: two subcommands over 20,000 tasks took 29 s busy, over 60 s in the busy latitude run.
  it('any task is reachable: by ref, and by text', { timeout: 120_000 }, async () => {
    expect((await runWsc(['task', 'show', 'T-19999'], { env: env() })).stdout).toContain('Task 19999');
    const r = await runWsc(['task', 'list', '--text', 'Task 19998', '--json'], { env: env() });
    expect(json<Tasks>(r.stdout).tasks.map((t) => t.ref)).toEqual(['T-19998']);
  });

  it('a service answering the same rows twice: each printed once, and said', async () => {
    const proxy: AnswerProxy = await startAnswerProxy(emu.url, {
      rewriteAnswer: (path, body, url) => {
        if (path !== '/api/v1/tasks' || url.searchParams.get('status') !== 'in_review') return body;
        const tasks = (body as { tasks: unknown[] }).tasks;
        return { tasks: [...tasks, ...tasks] };
      },
    });
    try {
      const r = await runWsc(['task', 'list', '--status', 'in_review', '--json'], { env: env(proxy.url) });
      const refs = json<Tasks>(r.stdout).tasks.map((t) => t.ref);
      expect(new Set(refs).size).toBe(refs.length);
      expect(refs).toHaveLength(bigCount((n) => bigTaskStatus(n) === 'in_review'));
      expect(r.stderr).toContain(`The service sent ${refs.length} rows twice (each shown once).`);
    } finally {
      await proxy.close();
    }
  });
});

describe('a service that answers more rows than asked', () => {
  it('has every row printed once, the answer called cut, and the excess said', async () => {
    const proxy: AnswerProxy = await startAnswerProxy(emu.url, {
      rewriteAnswer: (path, body, url) => {
        if (path !== '/api/v1/docs' || url.searchParams.get('limit') !== '5') return body;
        return { docs: [...(body as { docs: unknown[] }).docs, ...(body as { docs: unknown[] }).docs.slice(0, 1)] };
      },
    });
    try {
      const asked = await runWsc(['doc', 'list', '--limit', '5', '--json'], { env: env(proxy.url) });
      expect(json<Docs>(asked.stdout).docs).toHaveLength(5);
      expect(json<Docs>(asked.stdout).truncated).toBe(true);
      expect(asked.stderr).toContain('The service sent 1 row twice (each shown once) and 1 more row than asked.');
    } finally {
      await proxy.close();
    }
  });
});

describe('wsc doc list in a workspace of 3,000 docs in 100 folders', () => {
  it('asks for the most the service gives; says the tree is cut, and which folders may miss docs', async () => {
    const r = await runWsc(['doc', 'list', '--json'], { env: env() });
    const out = json<Docs>(r.stdout);
    expect(out.docs).toHaveLength(500);
    expect(out.truncated).toBe(true);
    expect(r.stderr).toContain('--text');
    const text = await runWsc(['doc', 'list'], { env: env() });
    const folders = text.stdout.split('\n').filter((line) => line.startsWith('Folder '));
    expect(folders).toHaveLength(BIG.folders);
    expect(folders.slice(0, 3).map((line) => line.split('/')[0])).toEqual(['Folder 1', 'Folder 2', 'Folder 3']);
    expect(folders.at(-1)).toMatch(/^Folder 100\/ \(may be incomplete\)/);
  });

  it('any doc is found with --text', async () => {
    const r = await runWsc(['doc', 'list', '--text', 'Doc 99-17', '--json'], { env: env() });
    const out = json<Docs>(r.stdout);
    expect(out.docs.map((d) => d.title)).toEqual(['Doc 99-17']);
    expect(out.truncated).toBeUndefined();
  });
});
