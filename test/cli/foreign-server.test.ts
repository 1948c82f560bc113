// `wsc` against a service that reads the spec in ways the local service never does (found by
// third-party mock servers): pages that repeat their cursor, a small default page, answers missing
// a list or a name, events at or below the cursor, docs whose parent is odd, a catalogue that does
// not list itself, ids too long for a file name. A proxy in front of the local service rewrites
// the answers; the client is the real built `wsc`.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, readTask, type Message, type RunEvent } from '../../shared';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { startHostileProxy, type AnswerRewrite, type HostileProxy } from '../support/hostile-proxy';
import { cliEnv, makeHome, runWsc, startWsc } from './run-wsc';

const TOKEN = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const THREAD_ROOT = 'e0000000-0000-4000-8000-000000000002';
const RUN = 'b0000000-0000-4000-8000-000000000003';
const MIKE = 'a0000000-0000-4000-8000-000000000004';
/** More requests than this for one short command is a loop. */
const FEW = 30;

let emu: TestEmulator;
let proxy: HostileProxy;
let rule: AnswerRewrite = (_path, body) => body;

beforeAll(async () => {
  emu = await startEmulator();
  const mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
  for (let i = 0; i < 6; i++) await mike.postMessage(GENERAL, { body: `@maria mention ${i}` });
  await mike.close();
  await emu.control.appendRunEvents(RUN, [1, 2, 3, 4].map((n) => ({ name: 'note', runtime: 'claude', lane: 'main', payload: { text: `note ${n}` } })));
  proxy = await startHostileProxy(emu.url, (path, body, url) => rule(path, body, url));
}, 60_000);

afterEach(() => {
  rule = (_path, body) => body;
  proxy.requests.length = 0;
});

afterAll(async () => {
  await proxy.stop();
  await emu.stop();
});

const env = (home = makeHome()) => cliEnv(home, { url: proxy.url, token: TOKEN });
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
const hits = (fragment: string) => proxy.requests.filter((r) => r.includes(fragment));

type Page = Record<string, unknown>;

/** Answers every read of `path` that carries `param` with the first such answer again, saying more follow. */
function repeatFirstPage(pathEnd: string, param: string): AnswerRewrite {
  let first: Page | null = null;
  return (path, body, url) => {
    if (!path.endsWith(pathEnd) || !url.searchParams.has(param)) return body;
    first ??= body as Page;
    return { ...first, hasMore: true };
  };
}

describe('paging loops stop at a cursor that does not advance', () => {
  it('wsc mentions --since: prints each row once, then stops with unexpected_response naming the endpoint (exit 6)', async () => {
    rule = repeatFirstPage('/me/mentions', 'since');
    const r = await runWsc(['mentions', '--json', '--since', '2000-01-01T00:00:00Z'], { env: env(), timeoutMs: 20_000 });
    const ids = lines(r.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('GET /api/v1/me/mentions');
    expect(r.stderr).toContain('unexpected_response');
    expect(hits('/me/mentions').length).toBeLessThan(FEW);
  });

  it('wsc mentions (resuming from the saved position) stops the same way', async () => {
    const home = makeHome();
    await runWsc(['mentions'], { env: env(home) });
    const mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
    await mike.postMessage(GENERAL, { body: '@maria one more' });
    await mike.close();
    rule = repeatFirstPage('/me/mentions', 'since');
    const r = await runWsc(['mentions', '--json'], { env: env(home), timeoutMs: 20_000 });
    expect(lines(r.stdout)).toHaveLength(1);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('GET /api/v1/me/mentions');
    expect(hits('/me/mentions').length).toBeLessThan(FEW);
  });

  it('wsc mentions --follow: a page that repeats with hasMore ends the run naming the endpoint (exit 6)', async () => {
    rule = repeatFirstPage('/me/mentions', 'since');
    const r = await runWsc(['mentions', '--follow', '--json', '--since', '2000-01-01T00:00:00Z'], { env: env(), timeoutMs: 20_000 });
    const ids = lines(r.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('GET /api/v1/me/mentions');
    expect(hits('/me/mentions').length).toBeLessThan(FEW);
  });

  it('wsc read --all: prints what arrived, then stops naming the messages endpoint (exit 6)', async () => {
    let first: Page | null = null;
    rule = (path, body, url) => {
      if (!path.endsWith(`/channels/${GENERAL}/messages`)) return body;
      if (!url.searchParams.has('before')) first = body as Page;
      return { ...(url.searchParams.has('before') && first ? first : (body as Page)), hasMore: true };
    };
    const r = await runWsc(['read', 'general', '--all', '--json'], { env: env(), timeoutMs: 20_000 });
    const ids = lines(r.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('GET /api/v1/channels/{id}/messages');
    expect(hits('/messages').length).toBeLessThan(FEW);
  });

  it('wsc read --thread --all: prints the replies once, then stops naming the thread endpoint (exit 6)', async () => {
    rule = repeatFirstPage(`/threads/${THREAD_ROOT}`, 'after');
    rule = ((repeat) => (path: string, body: unknown, url: URL) => {
      if (path.endsWith(`/threads/${THREAD_ROOT}`) && !url.searchParams.has('after')) return { ...(body as Page), hasMore: true };
      return repeat(path, body, url);
    })(rule);
    const r = await runWsc(['read', '--thread', THREAD_ROOT, '--all', '--json'], { env: env(), timeoutMs: 20_000 });
    const ids = lines(r.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(THREAD_ROOT);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('GET /api/v1/threads/{id}');
    expect(hits('/threads/').length).toBeLessThan(FEW);
  });

  it('wsc read --follow: a page that repeats with hasMore ends the run (exit 6) instead of asking forever', async () => {
    // Every read after the newest message answers the newest window again, saying more follow.
    let newest: Page | null = null;
    rule = (path, body, url) => {
      if (!path.endsWith(`/channels/${GENERAL}/messages`)) return body;
      if (!url.searchParams.has('after')) return (newest = body as Page);
      return { ...(newest ?? (body as Page)), hasMore: true };
    };
    const r = await runWsc(['read', 'general', '--limit', '3', '--follow', '--json'], { env: env(), timeoutMs: 20_000 });
    const ids = lines(r.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('GET /api/v1/channels/{id}/messages');
    expect(hits('/messages').length).toBeLessThan(FEW);
  });
});

describe('mentions always ask for an explicit page size', () => {
  /** A service whose own default page is 2 rows (hasMore says more exist). */
  const smallDefault: AnswerRewrite = (path, body, url) => {
    if (!path.endsWith('/me/mentions') || url.searchParams.has('limit')) return body;
    const page = body as { mentions: unknown[] };
    return { ...page, mentions: page.mentions.slice(0, 2), hasMore: page.mentions.length > 2 };
  };

  it('wsc mentions shows every mention, not the service default page', async () => {
    const direct = new Client({ baseUrl: emu.url, token: TOKEN, clientName: 'test' });
    const all = (await direct.mentions({ limit: 50 })).mentions.length;
    await direct.close();
    rule = smallDefault;
    const r = await runWsc(['mentions', '--json'], { env: env() });
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(all);
    expect(hits('/me/mentions').every((h) => /[?&]limit=\d+/.test(h))).toBe(true);
  });

  it('the first read of wsc mentions --follow sends a limit too', async () => {
    rule = smallDefault;
    const running = startWsc(['mentions', '--follow', '--json'], { env: env() });
    try {
      await running.waitForLines(6, undefined, 20_000);
    } finally {
      await running.stop();
    }
    expect(hits('/me/mentions').length).toBeGreaterThan(0);
    expect(hits('/me/mentions').every((h) => /[?&]limit=\d+/.test(h))).toBe(true);
  });
});

describe('answers of the wrong shape', () => {
  it('wsc mentions --follow stops on an answer without the mentions list, naming the field (exit 6)', async () => {
    rule = (path, body) => {
      if (!path.endsWith('/me/mentions')) return body;
      const { mentions: _gone, ...rest } = body as Page;
      return rest;
    };
    const r = await runWsc(['mentions', '--follow'], { env: env(), timeoutMs: 20_000 });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('mentions');
    expect(r.stderr).toContain('[unexpected_response]');
    expect(r.stderr).not.toContain('reconnecting');
  });

  it('wsc events --after 3 drops events at or below the cursor and counts them in the stall message', async () => {
    const direct = new Client({ baseUrl: emu.url, token: TOKEN, clientName: 'test' });
    let first: RunEvent | undefined;
    for await (const event of direct.iterateRunEvents(RUN)) {
      first = event;
      break;
    }
    await direct.close();
    expect(first?.seq).toBe(1);
    rule = (path, body, url) => (path.endsWith(`/runs/${RUN}/events`) ? { events: [first], nextAfter: Number(url.searchParams.get('after')), hasMore: true } : body);
    const r = await runWsc(['events', RUN, '--after', '3'], { env: env(), timeoutMs: 30_000 });
    expect(r.stdout).not.toMatch(/#1\b/);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('sent only 7 events at or before 3');
    expect(r.stderr).not.toContain('sent none');
  });

  it('wsc doc list shows docs whose parent is themselves, missing, or on a cycle at the top level', async () => {
    const parents: Record<string, string> = {
      'd0000000-0000-4000-8000-000000000002': 'd0000000-0000-4000-8000-000000000002',
      'd0000000-0000-4000-8000-000000000003': 'd0000000-0000-4000-8000-0000000000ff',
      'd0000000-0000-4000-8000-000000000001': 'd0000000-0000-4000-8000-000000000004',
      'd0000000-0000-4000-8000-000000000004': 'd0000000-0000-4000-8000-000000000001',
    };
    rule = (path, body) => {
      if (!path.endsWith('/api/v1/docs')) return body;
      const page = body as { docs: { id: string; parent_id: string | null }[] };
      return { ...page, docs: page.docs.map((d) => (parents[d.id] ? { ...d, parent_id: parents[d.id] } : d)) };
    };
    const r = await runWsc(['doc', 'list'], { env: env() });
    expect(r.code).toBe(0);
    for (const title of ['Handbook/', 'Onboarding', 'Deploy guide', 'AGENTS.md']) {
      expect(lines(r.stdout).some((l) => l.startsWith(title))).toBe(true);
    }
  });

  it('wsc action list_capabilities works when the catalogue does not list itself', async () => {
    rule = (path, body) => {
      if (!path.endsWith('/actions/list_capabilities')) return body;
      const caps = body as { commands: { name: string }[] };
      return { ...caps, commands: caps.commands.filter((c) => c.name !== 'list_capabilities') };
    };
    const r = await runWsc(['action', 'list_capabilities', '--json'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { commands: unknown[] }).commands.length).toBeGreaterThan(0);
  });
});

describe('state files are named by the client, never by server strings', () => {
  it('a long hostile workspace and user id give a short hashed account folder for the cursor', async () => {
    const hostile = `${'w'.repeat(300)}/../../${'x'.repeat(300)}`;
    rule = (path, body) => (path.endsWith('/api/v1/me') ? { ...(body as Page), workspaceId: hostile, userId: `${hostile}-user` } : body);
    const home = makeHome();
    const r = await runWsc(['mentions'], { env: env(home) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // The account's folder (and its mention cursor in it) is named by a hash, never by the server's strings.
    const folders = readdirSync(join(home, 'state', 'wsc', 'offline')).filter((n) => n !== 'accounts.json');
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^[0-9a-f]{40}$/);
    expect(readdirSync(join(home, 'state', 'wsc', 'offline', folders[0] as string))).toContain('mention-cursor.json');
  });
});

describe('state kept under the names of earlier versions', () => {
  it('a mentions position saved under the former file name is still read (the next save goes to the hashed name)', async () => {
    const direct = new Client({ baseUrl: emu.url, token: TOKEN, clientName: 'test' });
    const me = await direct.me();
    await direct.close();
    const home = makeHome();
    const folder = join(home, 'state', 'wsc', 'cursors');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `mentions-${me.workspaceId}-${me.userId}.json`), JSON.stringify({ cursor: '2100-01-01T00:00:00.000000Z' }));
    const r = await runWsc(['mentions', '--json'], { env: env(home) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });
});

describe('task update takes a person the way task list does', () => {
  it('--assignee @mike, --assignee-user mike, --assignee me and none set the right field', async () => {
    const direct = new Client({ baseUrl: emu.url, token: TOKEN, clientName: 'test' });
    const task = await direct.createTask({ title: 'Assign me by handle' });
    const me = await direct.me();
    const e = env();
    const assignee = async () => {
      const t = await readTask(direct, task.ref);
      return [t.assignee_user_id, t.assignee_agent_id];
    };
    let r = await runWsc(['task', 'update', task.ref, '--assignee', '@mike'], { env: e });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(await assignee()).toEqual([MIKE, null]);
    r = await runWsc(['task', 'update', task.ref, '--assignee', 'me'], { env: e });
    expect(r.code).toBe(0);
    expect(await assignee()).toEqual([me.userId, null]);
    r = await runWsc(['task', 'update', task.ref, '--assignee-user', 'Mike'], { env: e });
    expect(r.code).toBe(0);
    expect(await assignee()).toEqual([MIKE, null]);
    r = await runWsc(['task', 'update', task.ref, '--assignee', 'none'], { env: e });
    expect(r.code).toBe(0);
    expect(await assignee()).toEqual([null, null]);
    r = await runWsc(['task', 'update', task.ref, '--assignee', '@nobody-here'], { env: e });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("nobody called '@nobody-here'");
    await direct.close();
  });
});

describe('a service that ignores read --before', () => {
  /** #general's messages as the service holds them, oldest first, and an answer to a --before read made of `pick` of them. */
  async function ignoringBefore(pick: (all: Message[], before: string) => Message[]): Promise<Message[]> {
    const direct = new Client({ baseUrl: emu.url, token: TOKEN, clientName: 'cli' });
    const all = (await direct.messages(GENERAL, { limit: 100 })).messages;
    await direct.close();
    rule = (path, body, url) => {
      const before = url.searchParams.get('before');
      if (!path.endsWith(`/channels/${GENERAL}/messages`) || before === null) return body;
      return { ...(body as Page), messages: pick(all, before), hasMore: true };
    };
    return all;
  }

  it('answering only messages not older than T: prints none, says what the service answered, not "older messages exist"', async () => {
    const all = await ignoringBefore((rows, before) => rows.filter((m) => m.created_at >= before));
    const before = (all.at(-3) as Message).created_at;
    const r = await runWsc(['read', 'general', '--before', before], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('');
    expect(r.stderr).toContain(`the service answered 3 messages, none older than ${before}; it may not support --before`);
    expect(r.stderr).toContain('wsc read general --limit 200');
    expect(r.stderr).not.toContain('older messages exist');
  });

  it('answering older and newer ones: shows the older, says how many were not older than T', async () => {
    const all = await ignoringBefore((rows) => rows.slice(-4));
    const before = (all.at(-2) as Message).created_at;
    const r = await runWsc(['read', 'general', '--before', before, '--json'], { env: env() });
    const ids = lines(r.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids).toEqual(all.slice(-4, -2).map((m) => m.id));
    expect(r.stderr).toContain(`the service answered 4 messages, 2 of them not older than ${before}; it may not support --before. Showing the 2 messages older than ${before}.`);
  });
});

describe('checks before sending, and doctor wording', () => {
  it('read --before garbage is a usage error (exit 2) and never reaches the service', async () => {
    const r = await runWsc(['read', 'general', '--before', 'garbage'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--before');
    expect(hits('before=garbage')).toHaveLength(0);
  });

  it('doctor names the service by its URL once when GET /api gives no name', async () => {
    rule = (path, body) => {
      if (path !== '/api') return body;
      const { name: _gone, ...rest } = body as Page;
      return rest;
    };
    const r = await runWsc(['doctor'], { env: env() });
    const first = lines(r.stdout)[0] ?? '';
    expect(first).toContain(proxy.url);
    expect(first).not.toContain(' · ');
  });

  it('doctor calls a {} OpenAPI document "not an OpenAPI document", not every endpoint missing', async () => {
    rule = (path, body) => (path.endsWith('/openapi.json') ? {} : body);
    const r = await runWsc(['doctor'], { env: env() });
    expect(r.code).toBe(6);
    expect(r.stdout).toContain('not an OpenAPI document');
    expect(r.stdout).not.toMatch(/✗ GET \/api\/v1\/(channels|docs|tasks)/);
  });
});
