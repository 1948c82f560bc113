import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS, type Loose } from './support/api';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterAll(() => em.stop());

const mentions = (token: string, query = '') => api(em.url, token, 'GET', `/api/v1/me/mentions${query}`);

describe('mentions', () => {
  it('@handle mentions and every DM message from the other member, newest first, with reason and context', async () => {
    const r = await mentions(TOKENS.maria);
    expect(r.status).toBe(200);
    const rows = r.body.mentions as Loose[];
    expect(rows.map((m) => m.body)).toEqual([
      'Hello from the client side, @maria.',
      'Hey Maria, lunch tomorrow?',
      '@maria please review the docs change.',
      '@maria can you confirm the search fix is merged?',
    ]);
    expect(rows.map((m) => m.reason)).toEqual(['mention', 'dm', 'mention', 'mention']);
    const reply = rows[3];
    expect(reply.context.map((c: Loose) => c.id)).toEqual([IDS.releaseThread, 'e0000000-0000-4000-8000-000000000003']);
    const top = rows[2];
    expect(top.context.map((c: Loose) => c.body)).toEqual(['Welcome to #general, everyone.', 'Release planning thread: what ships this week?']);
    const stamps = rows.map((m) => m.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it('since is strictly after; with since the limit rows just after it come back, newest first, with hasMore', async () => {
    const all = (await mentions(TOKENS.maria)).body.mentions as Loose[];
    const oldest = all.at(-1);
    const after = (await mentions(TOKENS.maria, `?since=${encodeURIComponent(oldest.created_at)}`)).body;
    expect(after.mentions.map((m: Loose) => m.id)).toEqual(all.slice(0, 3).map((m) => m.id));
    const window = (await mentions(TOKENS.maria, `?since=${encodeURIComponent(oldest.created_at)}&limit=2`)).body;
    expect(window.mentions.map((m: Loose) => m.id)).toEqual([all[1].id, all[2].id]);
    expect(window.hasMore).toBe(true);
    const none = (await mentions(TOKENS.maria, `?since=${encodeURIComponent(all[0].created_at)}`)).body;
    expect(none.mentions).toEqual([]);
  });

  it('channel_id filters; a hidden channel is 404; own messages and other handles do not count', async () => {
    const dm = (await mentions(TOKENS.maria, `?channel_id=${IDS.dm}`)).body.mentions as Loose[];
    expect(dm.map((m) => m.reason)).toEqual(['dm']);
    expectError(await mentions(TOKENS.maria, `?channel_id=${IDS.leadership}`), 404, 'not_found');
    await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'talking to myself @maria' });
    await api(em.url, TOKENS.owner, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'email maria@example.com or @mariana' });
    expect((await mentions(TOKENS.maria)).body.mentions).toHaveLength(4);
  });

  it('long-poll answers the moment an addressed message arrives', async () => {
    const newest = (await mentions(TOKENS.maria)).body.mentions[0].created_at as string;
    const poll = mentions(TOKENS.maria, `?since=${encodeURIComponent(newest)}&wait_ms=20000`);
    await new Promise((r) => setTimeout(r, 150));
    await api(em.url, TOKENS.owner, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'not for her' });
    const posted = await api(em.url, TOKENS.owner, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'ping @maria' });
    const r = await poll; // a poll that waited out wait_ms would answer [] instead
    expect(r.body.mentions.map((m: Loose) => m.id)).toEqual([posted.body.id]);
  });

  it('long-poll returns [] after wait_ms when nothing arrives, and wait_ms is capped at 25000', async () => {
    const newest = (await mentions(TOKENS.maria)).body.mentions[0].created_at as string;
    const r = await mentions(TOKENS.maria, `?since=${encodeURIComponent(newest)}&wait_ms=300`);
    expect(r.status).toBe(200);
    expect(r.body.mentions).toEqual([]);
    // a huge wait_ms is accepted (capped); the poll ends early because a DM arrives
    const poll = mentions(TOKENS.maria, `?since=${encodeURIComponent(newest)}&wait_ms=999999`);
    await new Promise((res) => setTimeout(res, 100));
    await api(em.url, TOKENS.mike, 'POST', `/api/v1/channels/${IDS.dm}/messages`, { body: 'no mention needed in a DM' });
    const dm = await poll;
    expect(dm.body.mentions[0]).toMatchObject({ reason: 'dm', body: 'no mention needed in a DM' });
    expectError(await mentions(TOKENS.maria, '?wait_ms=-5'), 400, 'invalid_request');
    expectError(await mentions(TOKENS.maria, '?since=garbage'), 400, 'invalid_request');
  });

  it('equal-timestamp safety: a burst of mentions is seen exactly once by a since-chain', async () => {
    const since0 = (await mentions(TOKENS.maria)).body.mentions[0].created_at as string;
    await Promise.all(Array.from({ length: 12 }, (_, i) => api(em.url, TOKENS.owner, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: `@maria burst ${i}` })));
    const seen: string[] = [];
    let since = since0;
    for (let guard = 0; guard < 20; guard++) {
      const page = (await mentions(TOKENS.maria, `?since=${encodeURIComponent(since)}&limit=5`)).body;
      if (page.mentions.length === 0) break;
      const oldestFirst = [...page.mentions].reverse();
      for (const m of oldestFirst) seen.push(m.body);
      since = page.mentions[0].created_at;
    }
    expect(seen.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `@maria burst ${i}`).sort());
  });

  it('a guest sees mentions only from rooms they are in', async () => {
    await api(em.url, TOKENS.owner, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: '@gina you cannot see this' });
    await api(em.url, TOKENS.owner, 'POST', `/api/v1/channels/${IDS.guestRoom}/messages`, { body: '@gina welcome' });
    const rows = (await mentions(TOKENS.guest)).body.mentions as Loose[];
    expect(rows.map((m) => m.body)).toEqual(['@gina welcome']);
  });
});
