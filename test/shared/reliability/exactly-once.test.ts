// Exactly-once posting: 1,000 posts through the real client while the local service drops 30% of
// the answers after committing (seeded) -> 1,000 messages, none doubled, none lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type RunningEmulator } from '../../../emulator/server';
import { Client } from '../../../shared';
import { loadFixture, controlClient } from '../../support/emulator';
import { IDS, TOKENS, inParallel, recordExchanges, type RecordedExchange } from '../support/reliability';

const POSTS = 1_000;

let service: RunningEmulator;
let log: RecordedExchange[];
beforeAll(async () => {
  service = await createEmulator({ fixture: loadFixture('basic') });
  log = recordExchanges(service.server);
});
afterAll(() => service.close());

describe('exactly-once posting under dropped answers', () => {
  // A hang limit only: 27 s on a quiet run, over 60 s with both cores busy and the VS Code suite beside it.
  it('1,000 posts with 30% of answers dropped after commit -> 1,000 messages, 0 duplicates', { timeout: 120_000 }, async () => {
    const control = controlClient(service.url, service.controlKey);
    await control.faults({ dropResponseRate: 0.3, seed: 8, pathPattern: '*/messages' });
    // Short backoff keeps the test quick; 12 attempts make 0.3^12 (a post never answered) negligible.
    const client = new Client({ baseUrl: service.url, token: TOKENS.maria, clientName: 'reliability', retry: { maxAttempts: 12, baseMs: 2, capMs: 20 } });
    const bodies = Array.from({ length: POSTS }, (_, i) => `exactly-once #${i}`);
    const ids = new Map<string, string>();
    const failures: unknown[] = [];
    try {
      await inParallel(bodies, 8, async (body) => {
        try {
          const posted = await client.postMessage(IDS.general, { body });
          ids.set(body, posted.id);
        } catch (error) {
          failures.push(error);
        }
      });
    } finally {
      await client.close();
      await control.faults({});
    }
    expect(failures).toEqual([]);

    const posts = log.filter((e) => e.method === 'POST' && e.path.endsWith('/messages'));
    const dropped = posts.filter((e) => e.status === undefined).length;
    // The fault really bit: about 30% of all attempts lost their answer.
    expect(dropped / posts.length).toBeGreaterThan(0.2);
    expect(dropped / posts.length).toBeLessThan(0.4);
    expect(posts.length).toBe(POSTS + dropped);

    const stored = (await control.state()).tables.messages?.filter((m) => String(m.body).startsWith('exactly-once #')) ?? [];
    expect(stored.length).toBe(POSTS);
    expect(new Set(stored.map((m) => m.body)).size).toBe(POSTS);
    // Every caller got the id of the one stored message (the replayed receipt).
    for (const m of stored) expect(ids.get(String(m.body))).toBe(m.id);
  });
});
