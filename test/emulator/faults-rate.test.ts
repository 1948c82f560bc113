// dropResponseRate: a share of matching answers is lost after the effect committed (seeded, so a
// run repeats exactly). The counted faults keep working beside it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS } from './support/api';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterAll(() => em.stop());

const postPath = `/api/v1/channels/${IDS.general}/messages`;

/** Posts n messages with their own keys; true where the answer was dropped. */
async function postMany(prefix: string, n: number): Promise<boolean[]> {
  const dropped: boolean[] = [];
  for (let i = 0; i < n; i++) {
    try {
      await api(em.url, TOKENS.maria, 'POST', postPath, { body: `${prefix} ${i}` }, { 'idempotency-key': `${prefix}-${i}` });
      dropped.push(false);
    } catch {
      dropped.push(true);
    }
  }
  return dropped;
}

const stored = async (prefix: string) =>
  (await em.control.state()).tables.messages?.filter((m) => String(m.body).startsWith(`${prefix} `)).length ?? 0;

describe('dropResponseRate', () => {
  it('drops about that share of answers, commits every effect, and repeats with the same seed', async () => {
    await em.control.faults({ dropResponseRate: 0.5, seed: 7, pathPattern: '*/messages' });
    const first = await postMany('rate-a', 40);
    const drops = first.filter(Boolean).length;
    expect(drops).toBeGreaterThan(8);
    expect(drops).toBeLessThan(32);
    expect(await stored('rate-a')).toBe(40);
    expect(((await em.control.state()) as { faults?: unknown }).faults).toMatchObject({ dropResponseRate: 0.5, seed: 7 });

    await em.control.faults({ dropResponseRate: 0.5, seed: 7, pathPattern: '*/messages' });
    expect(await postMany('rate-b', 40)).toEqual(first);
  });

  it('a retry with the same key gets the original answer once it gets through', async () => {
    await em.control.faults({ dropResponseRate: 1, pathPattern: '*/messages' });
    const headers = { 'idempotency-key': 'always-dropped' };
    await expect(api(em.url, TOKENS.maria, 'POST', postPath, { body: 'kept once' }, headers)).rejects.toThrow();
    await expect(api(em.url, TOKENS.maria, 'POST', postPath, { body: 'kept once' }, headers)).rejects.toThrow();
    await em.control.faults({});
    const retry = await api(em.url, TOKENS.maria, 'POST', postPath, { body: 'kept once' }, headers);
    expect(retry.status).toBe(201);
    expect(await stored('kept')).toBe(1);
  });

  it('leaves paths outside pathPattern alone, and 0 drops nothing', async () => {
    await em.control.faults({ dropResponseRate: 1, pathPattern: '*/search' });
    expect(await postMany('outside', 5)).toEqual([false, false, false, false, false]);
    await em.control.faults({ dropResponseRate: 0 });
    expect(await postMany('zero', 5)).toEqual([false, false, false, false, false]);
  });

  it('works beside the counted faults', async () => {
    await em.control.faults({ fail500: 1, dropResponseRate: 0 });
    expectError(await api(em.url, TOKENS.maria, 'GET', '/api/v1/me'), 500, 'internal');
    expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
  });

  it.each([[{ dropResponseRate: 1.5 }], [{ dropResponseRate: -0.1 }], [{ dropResponseRate: '0.3' }], [{ seed: 1.5 }]])('refuses %j with 400', async (spec) => {
    const r = await fetch(`${em.url}/_emulator/faults`, { method: 'POST', headers: { 'x-emulator-key': em.controlKey }, body: JSON.stringify(spec) });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: { code: string; hint: string } };
    expect(body.error.code).toBe('invalid_request');
  });
});
