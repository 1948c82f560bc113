// Fixtures for the benchmarks: a small workspace with two people (alice is watched, bob posts),
// rate limits high enough that a load test measures the service rather than its limiter.
import type { Fixture, FixtureMessage, FixtureMessageRun, FixtureRunEvent } from '../../emulator/fixture';
import type { Scope } from '../../shared/contract';

export const BENCH_IDS = {
  workspace: '22222222-2222-4222-8222-222222222222',
  alice: 'b1000000-0000-4000-8000-000000000001',
  bob: 'b1000000-0000-4000-8000-000000000002',
  carol: 'b1000000-0000-4000-8000-000000000003',
  general: 'b2000000-0000-4000-8000-000000000001',
  big: 'b2000000-0000-4000-8000-000000000002',
  run: 'b3000000-0000-4000-8000-000000000001',
} as const;

export const BENCH_TOKENS = { alice: 'hpt_bench_alice', bob: 'hpt_bench_bob', carol: 'hpt_bench_carol' } as const;

const SCOPES: Scope[] = ['workspace:read', 'workspace:write'];

export interface BenchFixtureOptions {
  /** Top-level messages in the 'big' channel. */
  bigChannelMessages?: number;
  /** Every n-th message of the 'big' channel mentions @alice (history for the mention index). */
  bigChannelMentionEvery?: number;
  /** Events in the bench run's ledger. */
  runEvents?: number;
  limits?: { requestsPerWindow: number; windowMs: number };
}

export function benchFixture(options: BenchFixtureOptions = {}): Fixture {
  const messages: FixtureMessage[] = [];
  const messageRuns: FixtureMessageRun[] = [];
  const start = Date.UTC(2025, 0, 1);
  const count = options.bigChannelMessages ?? 0;
  const body = (i: number | '{i}') => `Message ${i}: a line of ordinary **Markdown** with a [link](https://example.com/${i}).`;
  if (options.bigChannelMentionEvery === undefined) {
    // Written by the service itself (emulator messageRuns): a million messages as one line of fixture.
    if (count > 0) messageRuns.push({ channel_id: BENCH_IDS.big, count, author_ids: [BENCH_IDS.alice, BENCH_IDS.bob], body: body('{i}'), id_prefix: 'm-', start: new Date(start).toISOString(), step_ms: 1000 });
  } else {
    for (let i = 0; i < count; i++) {
      messages.push({
        id: `m-${i}`,
        channel_id: BENCH_IDS.big,
        author_id: i % 2 === 0 ? BENCH_IDS.alice : BENCH_IDS.bob,
        body: `${i % options.bigChannelMentionEvery === 0 ? '@alice ' : ''}${body(i)}`,
        created_at: new Date(start + i * 1000).toISOString(),
      });
    }
  }
  const events: FixtureRunEvent[] = [];
  for (let i = 0; i < (options.runEvents ?? 0); i++) {
    events.push({ name: 'tool.call', runtime: 'hosted', lane: 'main', payload: { tool: 'read_file', path: `src/file-${i}.ts`, ok: true } });
  }
  return {
    workspace: { id: BENCH_IDS.workspace, name: 'Bench' },
    people: [
      { id: BENCH_IDS.alice, name: 'Alice', handle: 'alice', role: 'owner' },
      { id: BENCH_IDS.bob, name: 'Bob', handle: 'bob', role: 'member' },
      { id: BENCH_IDS.carol, name: 'Carol', handle: 'carol', role: 'member' },
    ],
    tokens: [
      { token: BENCH_TOKENS.alice, person: BENCH_IDS.alice, name: 'bench alice', scopes: SCOPES },
      { token: BENCH_TOKENS.bob, person: BENCH_IDS.bob, name: 'bench bob', scopes: SCOPES },
      { token: BENCH_TOKENS.carol, person: BENCH_IDS.carol, name: 'bench carol', scopes: SCOPES },
    ],
    channels: [
      { id: BENCH_IDS.general, name: 'general', members: [BENCH_IDS.alice, BENCH_IDS.bob, BENCH_IDS.carol] },
      { id: BENCH_IDS.big, name: 'big', members: [BENCH_IDS.alice, BENCH_IDS.bob, BENCH_IDS.carol] },
    ],
    messages,
    messageRuns,
    runs: options.runEvents
      ? [{ id: BENCH_IDS.run, channel_id: BENCH_IDS.general, requester_id: BENCH_IDS.alice, status: 'succeeded', events }]
      : [],
    limits: options.limits ?? { requestsPerWindow: 1_000_000_000, windowMs: 60_000 },
  };
}
