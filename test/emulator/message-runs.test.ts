// A fixture's message runs (emulator/fixture-types.ts FixtureMessageRun): numbered messages the
// loader writes itself, paged like any others from either end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, startEmulator, type TestEmulator } from '../support/emulator';
import { api, IDS, TOKENS, type Loose } from './support/api';

const COUNT = 1_000;
let em: TestEmulator;
beforeAll(async () => {
  const fixture = loadFixture('basic');
  fixture.messageRuns = [{ channel_id: IDS.random, count: COUNT, author_ids: [fixture.people[0]?.id as string], body: 'Run message {i} of {i}', id_prefix: 'run-', start: '2020-01-01T00:00:00Z', step_ms: 1000 }];
  em = await startEmulator({ fixture });
});
afterAll(() => em.stop());

const page = async (query: string) => (await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.random}/messages?${query}`)).body as { messages: Loose[]; hasMore: boolean };

describe('message runs', () => {
  it('are written in order, a step apart, and read from the oldest end after the beginning', async () => {
    const oldest = await page('limit=3&after=1970-01-01T00:00:00.000000Z');
    expect(oldest.messages.map((m) => [m.id, m.body, m.created_at])).toEqual([
      ['run-0', 'Run message 0 of 0', '2020-01-01T00:00:00.000000Z'],
      ['run-1', 'Run message 1 of 1', '2020-01-01T00:00:01.000000Z'],
      ['run-2', 'Run message 2 of 2', '2020-01-01T00:00:02.000000Z'],
    ]);
    expect(oldest.hasMore).toBe(true);
    const before = await page(`limit=2&before=${encodeURIComponent('2020-01-01T00:16:39.000000Z')}`);
    expect(before.messages.map((m) => m.id)).toEqual([`run-${COUNT - 3}`, `run-${COUNT - 2}`]);
  });
});
