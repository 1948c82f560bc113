import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, InternalError, NetworkError, systemClock, type Clock } from '../../../shared';
import { capturingLogger, fixedRandom, recordingClock } from '../support/fakes';
import { ALICE_TOKEN, clientFixture, IDS } from '../support/fixture';
import { startEmulator, type TestEmulator } from '../../support/emulator';

// Retries under faults the local service injects: what counts is the effect in the service's
// state (exactly once) and what the client sent (one key, reused).
let service: TestEmulator;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  service = await startEmulator({ fixture: clientFixture() });
});
afterEach(async () => {
  await service.control.faults({});
  while (cleanups.length) await cleanups.pop()?.();
});
afterAll(() => service.stop());

function client(clock: Clock = recordingClock()) {
  const log = capturingLogger();
  const random = fixedRandom(0.5);
  const c = new Client({ baseUrl: service.url, token: ALICE_TOKEN, clientName: 'fault-tests', clock, random, logger: log });
  cleanups.push(() => c.close());
  const attempts = (path: string): number => log.lines.filter((l) => l.includes(` ${path}`) && (l.includes('->') || l.includes('failed'))).length;
  return { c, log, random, attempts };
}

async function bodiesInGeneral(c: Client, body: string): Promise<number> {
  const page = await c.messages(IDS.general, { limit: 200 });
  return page.messages.filter((m) => m.body === body).length;
}

const messagesPath = `/api/v1/channels/${IDS.general}/messages`;

describe('a dropped answer after commit', () => {
  it('postMessage retries with the same key and the message exists exactly once', async () => {
    const { c, random, attempts, log } = client();
    await service.control.faults({ dropResponseAfterCommit: 2, pathPattern: '*/messages' });
    const posted = await c.postMessage(IDS.general, { body: 'exactly once, please' });
    expect(posted.id).toBeTruthy();
    expect(random.issued).toHaveLength(1);
    expect(attempts(messagesPath)).toBe(3);
    expect(log.lines.filter((l) => l.startsWith('info') && l.includes('retry'))).toHaveLength(2);
    expect(await bodiesInGeneral(c, 'exactly once, please')).toBe(1);
  });

  it('runAction retries and the action takes effect once (receipt replayed)', async () => {
    const { c, attempts } = client();
    await service.control.faults({ dropResponseAfterCommit: 1, pathPattern: '*/actions/*' });
    const result = await c.runAction('create_channel', { workspaceId: IDS.workspace, name: 'dropped-once' });
    expect(result.receipt.replayed).toBe(true);
    expect(attempts('/api/v1/actions/create_channel')).toBe(2);
    expect((await c.channels()).filter((ch) => ch.name === 'dropped-once')).toHaveLength(1);
  });

  it('createTask retries and exactly one task exists', async () => {
    const { c, attempts } = client();
    await service.control.faults({ dropResponseAfterCommit: 3, pathPattern: '*/tasks' });
    const created = await c.createTask({ title: 'dropped thrice' });
    expect(attempts('/api/v1/tasks')).toBe(4);
    const rows = (await c.tasks({ q: 'dropped thrice' })).filter((t) => t.title === 'dropped thrice');
    expect(rows.map((t) => t.ref)).toEqual([created.ref]);
  });
});

describe('an injected 500', () => {
  it('a mutation without a key is sent exactly once and fails', async () => {
    const { c, attempts } = client();
    await service.control.faults({ fail500: 1, pathPattern: '*/messages' });
    await expect(c.postMessage(IDS.general, { body: 'no key' }, { idempotencyKey: false })).rejects.toBeInstanceOf(InternalError);
    expect(attempts(messagesPath)).toBe(1);
    expect(await bodiesInGeneral(c, 'no key')).toBe(0);
  });

  it('a read is retried until it succeeds', async () => {
    const { c, attempts } = client();
    await service.control.faults({ fail500: 2, pathPattern: '*/channels' });
    await expect(c.channels()).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ id: IDS.general })]));
    expect(attempts('/api/v1/channels')).toBe(3);
  });
});

describe('a slow service', () => {
  it('an attempt past its timeout is retried for reads, then reported as a network error', async () => {
    const log = capturingLogger();
    const c = new Client({ baseUrl: service.url, token: ALICE_TOKEN, clientName: 'slow-tests', clock: recordingClock(), random: fixedRandom(0.5), logger: log, retry: { maxAttempts: 2 } });
    cleanups.push(() => c.close());
    await service.control.faults({ delayMs: 400, pathPattern: '*/channels' });
    const e = await c.channels({ timeoutMs: 100 }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).message).toMatch(/within 100 ms/);
    expect(log.entries.filter((x) => x.message.startsWith('GET /api/v1/channels')).length).toBe(2);
  });
});

describe('rate limits', () => {
  it('a 429 is waited out for at least Retry-After, then the read succeeds', async () => {
    const limited = await startEmulator({ fixture: clientFixture({ requestsPerWindow: 2, windowMs: 1_000 }) });
    cleanups.push(() => limited.stop());
    // The real clock (the service's window is real time), recording what it was asked to sleep.
    const sleeps: number[] = [];
    const clock: Clock = {
      now: systemClock.now,
      sleep: (ms, signal) => {
        sleeps.push(ms);
        return systemClock.sleep(ms, signal);
      },
    };
    const log = capturingLogger();
    const c = new Client({ baseUrl: limited.url, token: ALICE_TOKEN, clientName: 'rate-tests', clock, random: fixedRandom(0.5), logger: log });
    cleanups.push(() => c.close());
    for (let i = 0; i < 3; i++) await c.me();
    const retries = log.entries.filter((e) => e.level === 'info' && e.message.includes('rate_limited'));
    expect(retries.length).toBeGreaterThanOrEqual(1);
    for (const [i, entry] of retries.entries()) {
      const retryAfterMs = entry.fields?.retryAfterMs as number;
      expect(retryAfterMs).toBeGreaterThan(0);
      expect(sleeps[i]).toBeGreaterThanOrEqual(retryAfterMs);
    }
  });
});
