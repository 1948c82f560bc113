// The mention index (message_mentions, written by triggers) must find exactly what the mention
// rule finds by scanning: after posts, after edits, and in a --data file written before it existed.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mentionPattern } from '../../emulator/store/mentions';
import { indexableHandle, mentionTokens } from '../../emulator/store/mention-tokens';
import { loadFixture, startEmulator, type TestEmulator } from '../support/emulator';
import { api, IDS, TOKENS, type Loose } from './support/api';

/** A small seeded generator, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('mention tokens agree with the mention rule', () => {
  it('for 20,000 generated bodies and handles, a token exists exactly when the rule matches', () => {
    const next = random(17);
    const alphabet = ['@', '@', '.', '-', '_', ' ', '\n', 'a', 'b', 'A', 'B', '1', 'é', 'É', ',', '!', '#', '@a', '@ab', 'a.b'];
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    let matches = 0;
    for (let i = 0; i < 20_000; i++) {
      const noise = () => Array.from({ length: Math.floor(next() * 8) }, () => pick(alphabet)).join('');
      const handle = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(['a', 'b', 'B', '.', '-', '_', '1', 'é'])).join('');
      // Half the bodies carry the handle (in another case at times) somewhere after an '@'.
      const named = next() < 0.5 ? handle : handle.toUpperCase();
      const body = next() < 0.5 ? `${noise()}@${named}${noise()}` : `${noise()}${noise()}`;
      if (!indexableHandle(handle)) continue;
      const byRule = mentionPattern(handle).test(body);
      if (byRule) matches++;
      expect({ body, handle, found: mentionTokens(body).includes(handle.toLowerCase()) }).toEqual({ body, handle, found: byRule });
    }
    expect(matches).toBeGreaterThan(2_000);
  });
});

describe('the index follows writes', () => {
  let em: TestEmulator;
  beforeAll(async () => {
    em = await startEmulator();
  });
  beforeEach(() => em.control.reset());
  afterAll(() => em.stop());
  const bodies = async (): Promise<string[]> => ((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me/mentions?limit=50')).body.mentions as Loose[]).map((m) => m.body);

  it('an edit that adds a mention makes it one; an edit that removes it takes it away', async () => {
    const posted = (await api(em.url, TOKENS.mike, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'no one in particular' })).body;
    expect(await bodies()).not.toContain('now for @Maria.');
    expect((await api(em.url, TOKENS.mike, 'PATCH', `/api/v1/messages/${posted.id}`, { body: 'now for @Maria.' })).status).toBe(200);
    expect(await bodies()).toContain('now for @Maria.');
    expect((await api(em.url, TOKENS.mike, 'PATCH', `/api/v1/messages/${posted.id}`, { body: 'not for @mariana' })).status).toBe(200);
    expect(await bodies()).not.toContain('not for @mariana');
  });
});

describe('a --data file written before the index existed', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wsc-mention-index-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is indexed once on start: its mentions are all found', async () => {
    const dataFile = join(dir, 'old.db');
    const first = await startEmulator({ dataFile });
    await api(first.url, TOKENS.mike, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'before the upgrade, @maria' });
    const expected = ((await api(first.url, TOKENS.maria, 'GET', '/api/v1/me/mentions?limit=50')).body.mentions as Loose[]).map((m) => m.body);
    await first.stop();
    // What an older version left behind: messages, but no index rows and no marker.
    const db = new Database(dataFile);
    db.exec("DROP TRIGGER message_mentions_insert; DROP TRIGGER message_mentions_update; DROP TRIGGER message_mentions_delete; DROP TABLE message_mentions; DELETE FROM meta WHERE key = 'message_mentions_indexed'");
    db.close();

    const again = await startEmulator({ dataFile });
    try {
      const found = ((await api(again.url, TOKENS.maria, 'GET', '/api/v1/me/mentions?limit=50')).body.mentions as Loose[]).map((m) => m.body);
      expect(found).toEqual(expected);
      expect(found).toContain('before the upgrade, @maria');
    } finally {
      await again.stop();
    }
  });
});

describe('a handle the index cannot hold (with a space) is still found, and its long-poll still wakes', () => {
  let em: TestEmulator;
  beforeAll(async () => {
    const fixture = loadFixture();
    for (const p of fixture.people) if (p.id === IDS.maria) p.handle = 'maria lee';
    em = await startEmulator({ fixture });
  });
  afterAll(() => em.stop());

  it('GET /me/mentions scans for it, and a held poll answers the moment it is mentioned', async () => {
    const first = await api(em.url, TOKENS.mike, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: 'hello @Maria Lee, one' });
    const rows = (await api(em.url, TOKENS.maria, 'GET', '/api/v1/me/mentions')).body.mentions as Loose[];
    expect(rows[0]).toMatchObject({ id: first.body.id, reason: 'mention' });
    const poll = api(em.url, TOKENS.maria, 'GET', `/api/v1/me/mentions?since=${encodeURIComponent(rows[0].created_at)}&wait_ms=20000`);
    await new Promise((r) => setTimeout(r, 150));
    const second = await api(em.url, TOKENS.mike, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: '@maria lee, two' });
    expect(((await poll).body.mentions as Loose[]).map((m) => m.id)).toEqual([second.body.id]);
  });
});
