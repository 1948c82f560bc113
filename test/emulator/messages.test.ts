import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS, type Loose } from './support/api';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterAll(() => em.stop());

const channelIds = async (token: string) => ((await api(em.url, token, 'GET', '/api/v1/channels')).body.channels as { id: string }[]).map((c) => c.id).sort();

describe('visibility', () => {
  it('members see public channels (archived included), their private channels and DMs', async () => {
    expect(await channelIds(TOKENS.maria)).toEqual([IDS.general, IDS.dm, IDS.archived, IDS.guestRoom, IDS.random].sort());
    expect(await channelIds(TOKENS.owner)).toEqual([IDS.general, IDS.leadership, IDS.archived, IDS.guestRoom, IDS.random].sort());
    const list = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/channels')).body.channels as Loose[];
    const archived = list.find((c) => c.id === IDS.archived);
    expect(archived).toMatchObject({ archived: true, kind: 'channel', private: false });
    expect(list.find((c) => c.id === IDS.dm)).toMatchObject({ kind: 'dm', private: true, is_member: true });
    expect(list.find((c) => c.id === IDS.general).room_icon).toBe('emoji:🏠');
  });

  it('guests see only rooms they are members of', async () => {
    expect(await channelIds(TOKENS.guest)).toEqual([IDS.guestRoom]);
    expectError(await api(em.url, TOKENS.guest, 'GET', `/api/v1/channels/${IDS.general}/messages`), 404, 'not_found');
  });

  it('hidden and missing channels answer the same 404', async () => {
    const hidden = await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.leadership}/messages`);
    const missing = await api(em.url, TOKENS.maria, 'GET', '/api/v1/channels/does-not-exist/messages');
    expectError(hidden, 404, 'not_found');
    expect(hidden.body).toEqual(missing.body);
    expectError(await api(em.url, TOKENS.maria, 'GET', `/api/v1/threads/e0000000-0000-4000-8000-000000000007`), 404, 'not_found');
  });

  it('runGraph is shown on fan-out plan messages unless the room contains a guest', async () => {
    const general = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body.messages as Loose[];
    expect(general.find((m) => m.id === IDS.fanOutPlan).runGraph.manager.run_id).toBe(IDS.succeededRun);
    const guestRoom = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.guestRoom}/messages`)).body.messages as Loose[];
    const plan = guestRoom.find((m) => m.id === IDS.guestPlan);
    expect(plan).toBeDefined();
    expect('runGraph' in plan).toBe(false);
  });

  it('members lists people and agents with a mention; links include PRs of the room tasks', async () => {
    const members = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/members`)).body.members as Loose[];
    expect(members.map((m) => m.handle).sort()).toEqual(['adam', 'helper', 'maria', 'olivia']);
    expect(members.find((m) => m.handle === 'helper')).toMatchObject({ kind: 'agent', mention: '@helper' });
    const links = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/links`)).body.links as Loose[];
    expect(links.map((l) => l.kind).sort()).toEqual(['branch', 'pull_request', 'repository']);
    expect(links.find((l) => l.kind === 'pull_request')).toMatchObject({ url: 'https://github.com/acme/app/pull/42', number: 42, state: 'open', repo_full_name: 'acme/app' });
    await em.control.mergePr('https://github.com/acme/app/pull/42');
    const after = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/links`)).body.links as Loose[];
    expect(after.find((l) => l.kind === 'pull_request').state).toBe('merged');
  });
});

async function postMany(n: number, channel: string = IDS.random, token: string = TOKENS.mike): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await api(em.url, token, 'POST', `/api/v1/channels/${channel}/messages`, { body: `m${i}` });
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  return ids;
}

describe('channel messages', () => {
  it('post answers {id, url}; the message carries via, author, url and reply_count', async () => {
    const r = await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'hello' }, { 'x-service-client': 'my-cli' });
    expect(r.status).toBe(201);
    expect(r.body.url).toBe(`${em.url}/w/${IDS.workspace}/c/${IDS.general}/m/${r.body.id}`);
    const list = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body;
    const last = list.messages.at(-1);
    expect(last).toMatchObject({ id: r.body.id, body: 'hello', via: 'my-cli', reply_count: 0, parent_id: null, edited_at: null, author: { id: IDS.maria, kind: 'person', handle: 'maria' } });
    expect(last.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const thread = list.messages.find((m: Loose) => m.id === IDS.releaseThread);
    expect(thread.reply_count).toBe(2);
  });

  it('lists top-level messages only, oldest first', async () => {
    const list = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body;
    expect(list.messages.every((m: Loose) => m.parent_id === null)).toBe(true);
    const stamps = list.messages.map((m: Loose) => m.created_at);
    expect([...stamps].sort()).toEqual(stamps);
    expect(list.hasMore).toBe(false);
  });

  it('no cursor = newest window; before pages older; after reads forward; limits cap', async () => {
    const ids = await postMany(7);
    const first = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=3`)).body;
    expect(first.messages.map((m: Loose) => m.id)).toEqual(ids.slice(4));
    expect(first.hasMore).toBe(true);
    expect(first.cursor).toBe(first.messages[0].created_at);
    const older = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=3&before=${encodeURIComponent(first.cursor)}`)).body;
    expect(older.messages.map((m: Loose) => m.id)).toEqual(ids.slice(1, 4));
    expect(older.hasMore).toBe(true);
    const oldest = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=3&before=${encodeURIComponent(older.cursor)}`)).body;
    expect(oldest.messages.map((m: Loose) => m.id)).toEqual(ids.slice(0, 1));
    expect(oldest.hasMore).toBe(false);
    const fwd = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=4&after=${encodeURIComponent(oldest.messages[0].created_at)}`)).body;
    expect(fwd.messages.map((m: Loose) => m.id)).toEqual(ids.slice(1, 5));
    expect(fwd.hasMore).toBe(true);
    expect(fwd.cursor).toBe(fwd.messages[3].created_at);
    const rest = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=4&after=${encodeURIComponent(fwd.cursor)}`)).body;
    expect(rest.messages.map((m: Loose) => m.id)).toEqual(ids.slice(5));
    expect(rest.hasMore).toBe(false);
    const capped = await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=5000`);
    expect(capped.status).toBe(200);
    expect(capped.body.messages).toHaveLength(7);
    expectError(await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=0`), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?before=yesterday`), 400, 'invalid_request');
  });

  it('default window is 30 and the maximum is 200', async () => {
    await postMany(205);
    const def = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages`)).body;
    expect(def.messages).toHaveLength(30);
    const max = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=1000`)).body;
    expect(max.messages).toHaveLength(200);
    expect(max.hasMore).toBe(true);
  });

  it('created_at values are unique and strictly increasing even for back-to-back posts', async () => {
    const posts = await Promise.all(Array.from({ length: 20 }, (_, i) => api(em.url, TOKENS.mike, 'POST', `/api/v1/channels/${IDS.random}/messages`, { body: `burst ${i}` })));
    expect(posts.every((p) => p.status === 201)).toBe(true);
    const list = (await api(em.url, TOKENS.mike, 'GET', `/api/v1/channels/${IDS.random}/messages?limit=200`)).body.messages as Loose[];
    const stamps = list.map((m) => m.created_at);
    expect(new Set(stamps).size).toBe(stamps.length);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i] > stamps[i - 1]).toBe(true);
  });

  it('refuses empty bodies, unknown fields, posts to archived rooms and replies to a foreign root', async () => {
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: '' }), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'x', color: 'red' }), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.archived}/messages`, { body: 'x' }), 409, 'conflict');
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.random}/messages`, { body: 'x', parent_id: IDS.releaseThread }), 404, 'not_found');
  });
});

describe('threads', () => {
  it('root plus replies oldest first; a reply posted with parent_id appears; cursors work', async () => {
    const t = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/threads/${IDS.releaseThread}`)).body;
    expect(t.root.id).toBe(IDS.releaseThread);
    expect(t.replies.map((r: Loose) => r.body)).toEqual(['The search fix, I think.', '@maria can you confirm the search fix is merged?']);
    expect(t.hasMore).toBe(false);
    for (let i = 0; i < 4; i++) await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: `reply ${i}`, parent_id: IDS.releaseThread });
    const win = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/threads/${IDS.releaseThread}?limit=3`)).body;
    expect(win.replies.map((r: Loose) => r.body)).toEqual(['reply 1', 'reply 2', 'reply 3']);
    expect(win.hasMore).toBe(true);
    const older = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/threads/${IDS.releaseThread}?limit=3&before=${encodeURIComponent(win.cursor)}`)).body;
    expect(older.replies.map((r: Loose) => r.body)).toEqual(['The search fix, I think.', '@maria can you confirm the search fix is merged?', 'reply 0']);
    const top = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages`)).body.messages as Loose[];
    expect(top.some((m) => m.body.startsWith('reply '))).toBe(false);
  });
});

describe('edits', () => {
  it('the author edits their own human message; others get 403; hidden ones 404', async () => {
    const posted = (await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'typo' })).body;
    const r = await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/messages/${posted.id}`, { body: 'fixed' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, id: posted.id });
    expect(r.body.edited_at).toMatch(/\.\d{6}Z$/);
    const thread = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/threads/${posted.id}`)).body;
    expect(thread.root).toMatchObject({ body: 'fixed', edited_at: r.body.edited_at });
    expectError(await api(em.url, TOKENS.owner, 'PATCH', `/api/v1/messages/${posted.id}`, { body: 'hijack' }), 403, 'permission_required');
    expectError(await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/messages/${IDS.fanOutPlan}`, { body: 'agent msg' }), 403, 'permission_required');
    expectError(await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/messages/e0000000-0000-4000-8000-000000000007`, { body: 'x' }), 404, 'not_found');
    expectError(await api(em.url, TOKENS.maria, 'PATCH', `/api/v1/messages/${posted.id}`, {}), 400, 'invalid_request');
  });
});

describe('search and message links', () => {
  it('search is a contains-match over readable rooms, newest first, min 2 chars', async () => {
    const hits = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/search?q=SEARCH%20fix')).body.hits as Loose[];
    expect(hits.map((h) => h.body)).toEqual(['@maria can you confirm the search fix is merged?', 'The search fix, I think.']);
    const budget = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/search?q=budget')).body.hits;
    expect(budget).toEqual([]);
    expect((await api(em.url, TOKENS.owner, 'GET', '/api/v1/search?q=budget')).body.hits).toHaveLength(1);
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/search?q=a'), 400, 'invalid_request');
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/search?q=100%25')).body.hits).toEqual([]);
  });

  it('message-link resolves message, thread and channel URLs the service wrote', async () => {
    const reply = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/threads/${IDS.releaseThread}`)).body.replies[0];
    const r = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/message-link?url=${encodeURIComponent(reply.url)}`)).body;
    expect(r.channel.id).toBe(IDS.general);
    expect(r.message.id).toBe(reply.id);
    expect(r.root.id).toBe(IDS.releaseThread);
    const ch = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/message-link?url=${encodeURIComponent(`${em.url}/w/${IDS.workspace}/c/${IDS.general}`)}`)).body;
    expect(ch).toMatchObject({ message: null, root: null, channel: { id: IDS.general } });
    const t = (await api(em.url, TOKENS.maria, 'GET', `/api/v1/message-link?url=${encodeURIComponent(`${em.url}/w/${IDS.workspace}/c/${IDS.general}/t/${IDS.releaseThread}`)}`)).body;
    expect(t.root.id).toBe(IDS.releaseThread);
    expectError(await api(em.url, TOKENS.maria, 'GET', `/api/v1/message-link?url=${encodeURIComponent(`${em.url}/w/${IDS.workspace}/c/${IDS.leadership}`)}`), 404, 'not_found');
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/message-link?url=not-a-url'), 400, 'invalid_request');
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/message-link'), 400, 'invalid_request');
    // A stray % (not an escape) anywhere in the link: no link (400), never a 500.
    for (const bad of [`${em.url}/w/${IDS.workspace}/c/%E0%A4%A/m/x`, `${em.url}/w/%/c/${IDS.general}`, `${em.url}/w/${IDS.workspace}/c/${IDS.general}/t/100%`]) {
      expectError(await api(em.url, TOKENS.maria, 'GET', `/api/v1/message-link?url=${encodeURIComponent(bad)}`), 400, 'invalid_request');
    }
  });
});
