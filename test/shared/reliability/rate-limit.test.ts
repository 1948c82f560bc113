// A burst against a small rate limit (10 requests per 1 s window): every call eventually succeeds,
// no attempt comes back before the Retry-After it was given, and the service sees no storm.
// Requests are counted at the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type RunningEmulator } from '../../../emulator/server';
import { Client } from '../../../shared';
import { controlClient } from '../../support/emulator';
import { IDS, TOKENS, fixtureWithLimits, recordExchanges, type RecordedExchange } from '../support/reliability';

const LIMIT = 10;
const WINDOW_MS = 1_000;
const BURST = 30;

let service: RunningEmulator;
let log: RecordedExchange[];
beforeAll(async () => {
  service = await createEmulator({ fixture: fixtureWithLimits(LIMIT, WINDOW_MS) });
  log = recordExchanges(service.server);
});
afterAll(() => service.close());

describe('a burst against a small rate limit', () => {
  it(`${BURST} posts at once against ${LIMIT} per ${WINDOW_MS} ms: all succeed, Retry-After honoured, no storm`, { timeout: 30_000 }, async () => {
    // The client's default retry policy, as people get it.
    const client = new Client({ baseUrl: service.url, token: TOKENS.maria, clientName: 'reliability' });
    const bodies = Array.from({ length: BURST }, (_, i) => `burst #${i}`);
    try {
      const posted = await Promise.all(bodies.map((body) => client.postMessage(IDS.general, { body })));
      expect(new Set(posted.map((p) => p.id)).size).toBe(BURST);
    } finally {
      await client.close();
    }

    const stored = (await controlClient(service.url, service.controlKey).state()).tables.messages?.filter((m) => String(m.body).startsWith('burst #')) ?? [];
    expect(stored.length).toBe(BURST);

    const posts = log.filter((e) => e.method === 'POST');
    const limited = posts.filter((e) => e.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const e of limited) expect(Number(e.retryAfter)).toBeGreaterThanOrEqual(1);

    // Per logical post (its Idempotency-Key): each attempt after a 429 arrives no sooner than Retry-After.
    const byKey = new Map<string, RecordedExchange[]>();
    for (const e of posts) byKey.set(e.idempotencyKey ?? '', [...(byKey.get(e.idempotencyKey ?? '') ?? []), e]);
    expect(byKey.size).toBe(BURST);
    for (const attempts of byKey.values()) {
      expect(attempts.at(-1)?.status).toBe(201);
      for (let i = 1; i < attempts.length; i++) {
        const previous = attempts[i - 1] as RecordedExchange;
        const gap = (attempts[i] as RecordedExchange).arrivedAt - (previous.answeredAt ?? previous.arrivedAt);
        expect(gap).toBeGreaterThanOrEqual(Number(previous.retryAfter) * 1000 - 5);
      }
    }

    // No storm: with 10 per window, 30 posts need 3 windows; each rejected post waits out its
    // Retry-After, so the service sees at most one attempt per post per window.
    const windows = Math.ceil((Math.max(...posts.map((e) => e.arrivedAt)) - Math.min(...posts.map((e) => e.arrivedAt))) / WINDOW_MS) + 1;
    expect(posts.length).toBeLessThanOrEqual(BURST * Math.min(windows, 5));
    expect(posts.length).toBeLessThanOrEqual(BURST + BURST * 3);
  });
});
