// The per-account cache behind hovers, links and completion (extension/editor/reference-cache.ts),
// against the local service over HTTP: what a task card holds, one request per key per while,
// unknown refs remembered as nothing, expiry, and nothing served after sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared/client';
import { NetworkError } from '../../../shared/errors';
import { completionAt } from '../../../extension/editor/completion-entries';
import { ReferenceCache, unlessCancelled, type ReferenceSource } from '../../../extension/editor/reference-cache';
import { startEmulator, type TestEmulator } from '../../support/emulator';

let emu: TestEmulator;
let client: Client;

/** The real client, with its calls counted (the cache's own counter is checked against it). */
function counted(): { source: ReferenceSource; calls: string[] } {
  const calls: string[] = [];
  const source: ReferenceSource = {
    readAction: (command, input, opts) => (calls.push(`${command}:${JSON.stringify(input)}`), client.readAction(command, input, opts)),
    tasks: (q) => (calls.push(`tasks:${JSON.stringify(q)}`), client.tasks(q)),
    channels: () => (calls.push('channels'), client.channels()),
    members: (id) => (calls.push(`members:${id}`), client.members(id)),
    links: (id) => (calls.push(`links:${id}`), client.links(id)),
    messageLink: (url) => (calls.push(`message:${url}`), client.messageLink(url)),
  };
  return { source, calls };
}

beforeAll(async () => {
  emu = await startEmulator();
  client = new Client({ baseUrl: emu.url, token: 'hpt_owner_all', clientName: 'extension-unit' });
});
afterAll(async () => {
  await client.close();
  await emu.stop();
});

describe('ReferenceCache', () => {
  it('a task card has the task, the assignee and epic by name, and the linked PR', async () => {
    const cache = new ReferenceCache(counted().source);
    const card = await cache.task('T-2');
    expect(card?.task.title).toBe('Fix search ranking');
    expect(card?.assignee).toBe('Maria Member (@maria)');
    expect(card?.epic).toBe('T-1 Search revamp');
    expect(card?.pullRequest).toMatchObject({ url: 'https://github.com/acme/app/pull/42', number: 42 });
  });

  it('the linked PR shows its latest stored state from the channel links', async () => {
    await emu.control.mergePr('https://github.com/acme/app/pull/42');
    const card = await new ReferenceCache(counted().source).task('T-2');
    expect(card?.pullRequest?.state).toBe('merged');
  });

  it('forgetting a task reads its card and its channel’s links again (a PR merged meanwhile shows)', async () => {
    const { source } = counted();
    const cache = new ReferenceCache(source);
    await client.patchTask('T-1', { pr_url: 'https://github.com/acme/app/pull/333' });
    expect((await cache.task('T-1'))?.pullRequest?.state).toBe('open');
    await emu.control.mergePr('https://github.com/acme/app/pull/333');
    expect((await cache.task('T-1'))?.pullRequest?.state).toBe('open');
    cache.forget('T-1');
    expect((await cache.task('T-1'))?.pullRequest?.state).toBe('merged');
  });

  it('asks once for concurrent and repeated reads of the same ref within the TTL', async () => {
    const { source, calls } = counted();
    const cache = new ReferenceCache(source);
    const [a, b] = await Promise.all([cache.task('T-3'), cache.task('t-3')]);
    expect(a).toBe(b);
    const after = calls.length;
    for (let i = 0; i < 50; i += 1) await cache.task('T-3');
    expect(calls.length).toBe(after);
    expect(cache.requests).toBe(calls.length);
  });

  it('an unknown ref is null, and is asked for once per TTL', async () => {
    const { source, calls } = counted();
    const cache = new ReferenceCache(source);
    expect(await cache.task('T-999')).toBeNull();
    expect(await cache.task('T-999')).toBeNull();
    expect(calls.filter((c) => c.includes('T-999'))).toHaveLength(1);
  });

  it('a failed read (the service unreachable) is asked again after a few seconds, not the whole TTL', async () => {
    let now = 1_000;
    let up = false;
    const { source, calls } = counted();
    const flaky: ReferenceSource = { ...source, channels: () => (up ? source.channels() : (calls.push('channels'), Promise.reject(new NetworkError({ code: 'network_error', message: 'connection refused', hint: 'start it', status: 0, path: '/api/v1/channels' })))) };
    const cache = new ReferenceCache(flaky, { now: () => now });
    expect(await cache.channels()).toEqual([]);
    now += 1_000;
    expect(await cache.channels()).toEqual([]);
    expect(calls.filter((c) => c === 'channels')).toHaveLength(1);
    up = true;
    now += 5_000;
    expect((await cache.channels()).length).toBeGreaterThan(0);
  });

  it('reads again after the TTL', async () => {
    let now = 1_000;
    const { source, calls } = counted();
    const cache = new ReferenceCache(source, { ttlMs: 30_000, now: () => now });
    await cache.channels();
    now += 29_000;
    await cache.channels();
    expect(calls).toEqual(['channels']);
    now += 2_000;
    await cache.channels();
    expect(calls).toEqual(['channels', 'channels']);
  });

  it('the people list outlives the other entries and, once stale, is served at once while one refresh runs', async () => {
    let now = 1_000;
    const { source, calls } = counted();
    const cache = new ReferenceCache(source, { ttlMs: 30_000, peopleTtlMs: 600_000, now: () => now });
    const first = await cache.people();
    const loaded = calls.length;
    now += 300_000;
    expect(await cache.people()).toBe(first);
    expect(calls.length).toBe(loaded);
    now += 300_000;
    const stale = await Promise.all([cache.people(), cache.people(), cache.person('maria')]);
    expect(stale[0]).toBe(first);
    expect(stale[1]).toBe(first);
    expect(stale[2]?.handle).toBe('maria');
    await cache.peopleIdle();
    expect(calls.length).toBe(loaded * 2);
    expect(cache.requests).toBe(calls.length);
  });

  it('warmed after sign-in, typing an @handle asks nothing; sign-out drops the list', async () => {
    const { source, calls } = counted();
    const cache = new ReferenceCache(source);
    await cache.warmPeople();
    const warmed = calls.length;
    const text = 'Ranking is wrong for short queries, ask @maria about it';
    for (let i = 1; i <= text.length; i += 1) await completionAt(cache, text.slice(0, i));
    const found = await completionAt(cache, 'ask @mar');
    expect(found?.entries.map((e) => e.label)).toContain('@maria');
    expect(calls.length).toBe(warmed);
    cache.clear();
    expect(await cache.people()).toEqual([]);
    expect(calls.length).toBe(warmed);
  });

  it('completion tasks: my open tasks first, then the others, each once, in one request', async () => {
    const { source, calls } = counted();
    const cache = new ReferenceCache(source, { me: 'a0000000-0000-4000-8000-000000000001' });
    await client.patchTask('T-6', { assignee_user_id: 'a0000000-0000-4000-8000-000000000001' });
    await client.patchTask('T-3', { assignee_user_id: 'a0000000-0000-4000-8000-000000000001' });
    const { mine, recent } = await cache.completionTasks();
    expect(mine.map((t) => t.ref)).toEqual(['T-3']);
    expect(recent.map((t) => t.ref)).not.toContain('T-3');
    expect(recent.map((t) => t.ref)).toContain('T-6');
    expect(calls).toHaveLength(1);
    const withoutMe = await new ReferenceCache(counted().source).completionTasks();
    expect(withoutMe.mine.map((t) => t.ref)).toEqual(['T-3']);
  });

  it('people by handle; a message preview from a link; an unreadable link is null', async () => {
    const cache = new ReferenceCache(counted().source);
    expect((await cache.person('MARIA'))?.name).toBe('Maria Member');
    expect(await cache.person('nobody-here')).toBeNull();
    const [message] = (await client.messages('c0000000-0000-4000-8000-000000000001', { limit: 1 })).messages;
    const preview = await cache.message(message!.url);
    expect(preview).toMatchObject({ channelName: 'general', body: message!.body, author: message!.author.name });
    expect(await cache.message(`${emu.url}/w/nope/c/nope/m/nope`)).toBeNull();
  });

  it('after clear() (sign-out) it answers nothing and asks nothing', async () => {
    const { source, calls } = counted();
    const cache = new ReferenceCache(source);
    expect(await cache.task('T-2')).not.toBeNull();
    cache.clear();
    const before = calls.length;
    expect(await cache.task('T-2')).toBeNull();
    expect(await cache.people()).toEqual([]);
    expect((await cache.completionTasks()).mine).toEqual([]);
    expect(calls.length).toBe(before);
  });

  it('a cancelled wait answers undefined while the shared load goes on', async () => {
    const cache = new ReferenceCache(counted().source);
    let cancel = () => {};
    const waiting = unlessCancelled(cache.task('T-1'), (listener) => ((cancel = listener), { dispose() {} }), () => false);
    cancel();
    expect(await waiting).toBeUndefined();
    expect((await cache.task('T-1'))?.task.title).toBe('Search revamp');
  });
});
