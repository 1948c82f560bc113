// `wsc events` never prints an event twice, even when the service answers the same page again
// without moving its cursor (a mock generated from the OpenAPI document answers every request with
// its one example page: events [1], nextAfter 0, hasMore true). The client ends with the documented
// stall error instead, naming the events it did not show again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnswerProxy, type AnswerProxy } from '../support/answer-proxy';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc, startWsc } from './run-wsc';

const TOKEN = 'hpt_member_rw';
const RUN = 'b0000000-0000-4000-8000-000000000001';
let emu: TestEmulator;
let proxy: AnswerProxy;

interface Page {
  events: { seq: number }[];
  nextAfter: number;
  hasMore: boolean;
}

beforeAll(async () => {
  emu = await startEmulator();
  // Every events answer: the run's first two events again, the cursor left where it was asked from.
  proxy = await startAnswerProxy(emu.url, {
    rewriteAnswer: (path, body, url) => {
      if (!/\/runs\/[^/]+\/events$/.test(path)) return body;
      const page = body as Page;
      return { events: page.events.filter((e) => e.seq <= 2), nextAfter: Number(url.searchParams.get('after') ?? 0), hasMore: true };
    },
  });
});
afterAll(async () => {
  await proxy.close();
  await emu.stop();
});

const env = () => cliEnv(makeHome(), { url: proxy.url, token: TOKEN });
const seqs = (stdout: string) => stdout.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { seq: number }).seq);

describe('wsc events against a service that repeats a page', () => {
  it('prints each event once and ends with the stall error (exit 6)', async () => {
    const r = await runWsc(['events', RUN, '--json'], { env: env() });
    expect(seqs(r.stdout)).toEqual([1, 2]);
    expect(r.code).toBe(6);
    // The reader asks on from the last event it showed (2), so the stall names that position.
    expect(r.stderr).toMatch(/after 2, but sent none/);
    expect(proxy.requests.filter((q) => q.includes('/events')).length).toBeGreaterThan(1);
  });

  it('--follow prints each event once while the same page keeps coming', async () => {
    const running = startWsc(['events', RUN, '--follow', '--json'], { env: env() });
    await running.waitForLines(2);
    // The follow loop asks again on its own clock; let it repeat the page a few times.
    const before = proxy.requests.length;
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (proxy.requests.length >= before + 3 || running.child.exitCode !== null) {
          clearInterval(check);
          resolve();
        }
      }, 50);
    });
    await running.stop();
    expect(seqs(running.stdout())).toEqual([1, 2]);
  });
});
