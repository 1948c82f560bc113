import { afterEach, describe, expect, it } from 'vitest';
import { Client, isAbortError } from '../../../shared';
import { fixedRandom } from '../support/fakes';
import { sendError, sendJson, startLoopbackServer, type Handler } from '../support/loopback-server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function rig(handler: Handler): Promise<{ client: Client; requests: unknown[] }> {
  const server = await startLoopbackServer(handler);
  // The real clock: aborting must cut a real backoff sleep short.
  const client = new Client({ baseUrl: server.url, token: 'hpt_abort', clientName: 'abort-test', random: fixedRandom(0.5) });
  cleanups.push(() => server.close(), () => client.close());
  return { client, requests: server.requests };
}

describe('abort', () => {
  it('during a request rejects promptly with an AbortError', async () => {
    const { client } = await rig(() => {
      /* never answers */
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const e = await client.me({ signal: controller.signal }).catch((err: unknown) => err);
    expect(isAbortError(e)).toBe(true);
    expect((e as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('during a backoff sleep (Retry-After 30 s) rejects promptly and sends nothing more', async () => {
    const { client, requests } = await rig((_req, res) => sendError(res, 429, 'rate_limited', {}, { 'retry-after': '30' }));
    const controller = new AbortController();
    const pending = client.me({ signal: controller.signal }).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 100));
    expect(requests).toHaveLength(1);
    const started = Date.now();
    controller.abort();
    const e = await pending;
    expect(isAbortError(e)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requests).toHaveLength(1);
  });

  it('with a reason rejects with that reason', async () => {
    const { client } = await rig(() => {});
    const controller = new AbortController();
    const reason = new Error('closed by the user');
    setTimeout(() => controller.abort(reason), 20);
    await expect(client.me({ signal: controller.signal })).rejects.toBe(reason);
  });

  it('an already-aborted signal sends nothing', async () => {
    const { client, requests } = await rig((_req, res) => sendJson(res, 200, {}));
    const e = await client.postMessage('c', { body: 'x' }, { signal: AbortSignal.abort() }).catch((err: unknown) => err);
    expect(isAbortError(e)).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('propagates into a paging iterator', async () => {
    let served = 0;
    const { client } = await rig((req, res) => {
      served++;
      const n = served;
      if (n >= 2) return; // the second page never comes
      sendJson(res, 200, { messages: [{ id: `m${n}`, created_at: `2026-01-0${n}T00:00:00.000000Z` }], hasMore: true, cursor: `2026-01-0${n}T00:00:00.000000Z` });
      void req;
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const m of client.iterateMessages('c1', { direction: 'newer' }, { signal: controller.signal })) {
        seen.push(m.id);
        setTimeout(() => controller.abort(), 30);
      }
    })();
    const e = await run.catch((err: unknown) => err);
    expect(isAbortError(e)).toBe(true);
    expect(seen).toEqual(['m1']);
  });
});
