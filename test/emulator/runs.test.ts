import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS, type Loose } from './support/api';

let em: TestEmulator;
beforeAll(async () => {
  em = await startEmulator();
});
beforeEach(() => em.control.reset());
afterAll(() => em.stop());

const events = (runId: string, query = '', token: string = TOKENS.maria) => api(em.url, token, 'GET', `/api/v1/runs/${runId}/events${query}`);

describe('run events', () => {
  it('pages by seq within the 128 KiB budget; an oversized event is withheld; unknown names/versions are known:false', async () => {
    const first = await events(IDS.stoppedRun);
    expect(first.status).toBe(200);
    const page = first.body;
    expect(page.events.map((e: Loose) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(page.nextAfter).toBe(8);
    expect(page.hasMore).toBe(false);
    const byName = (name: string) => page.events.filter((e: Loose) => e.name === name);
    expect(byName('future.hologram')[0]).toMatchObject({ known: false, version: 1, payload: { anything: true } });
    expect(byName('note')[0]).toMatchObject({ known: false, version: 7 });
    expect(byName('tool.call')[0]).toMatchObject({ known: true, runtime: 'claude', lane: 'main', redaction: null });
    expect(byName('note')[1]).toMatchObject({ seq: 7, name: 'note', runtime: 'claude', lane: 'main', redaction: 'withheld', payload: { withheld: 'replay_transport_budget' } });
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(128 * 1024);
  });

  it('after returns only greater seqs; nextAfter is the supplied after when nothing is new; limit caps', async () => {
    const tail = (await events(IDS.stoppedRun, '?after=6')).body;
    expect(tail.events.map((e: Loose) => e.seq)).toEqual([7, 8]);
    const none = (await events(IDS.stoppedRun, '?after=8')).body;
    expect(none).toEqual({ events: [], nextAfter: 8, hasMore: false });
    const two = (await events(IDS.stoppedRun, '?limit=2')).body;
    expect(two.events.map((e: Loose) => e.seq)).toEqual([1, 2]);
    expect(two).toMatchObject({ nextAfter: 2, hasMore: true });
    expectError(await events(IDS.stoppedRun, '?after=-1'), 400, 'invalid_request');
  });

  it('ends a page early at the byte budget and continues with hasMore', async () => {
    const chunk = 'y'.repeat(40 * 1024);
    await em.control.appendRunEvents(IDS.succeededRun, Array.from({ length: 5 }, () => ({ name: 'note', payload: { text: chunk } })));
    const p1 = (await events(IDS.succeededRun)).body;
    expect(p1.hasMore).toBe(true);
    expect(p1.events.every((e: Loose) => e.redaction !== 'withheld')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(p1))).toBeLessThanOrEqual(128 * 1024);
    const seen = [...p1.events.map((e: Loose) => e.seq)];
    let after = p1.nextAfter;
    for (let i = 0; i < 5; i++) {
      const p = (await events(IDS.succeededRun, `?after=${after}`)).body;
      seen.push(...p.events.map((e: Loose) => e.seq));
      after = p.nextAfter;
      if (!p.hasMore) break;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('page size defaults to 100 and is capped at 200', async () => {
    await em.control.appendRunEvents(IDS.succeededRun, Array.from({ length: 250 }, (_, i) => ({ name: 'note', payload: { text: `n${i}` } })));
    expect((await events(IDS.succeededRun)).body.events).toHaveLength(100);
    expect((await events(IDS.succeededRun, '?limit=999')).body.events).toHaveLength(200);
  });

  it('readers: non-guest members who can read the room; others 404, guests 403', async () => {
    expectError(await events(IDS.privateRun), 404, 'not_found');
    expectError(await events('missing-run'), 404, 'not_found');
    expect((await events(IDS.privateRun, '', TOKENS.owner)).status).toBe(200);
    expectError(await events(IDS.guestRoomRun, '', TOKENS.guest), 403, 'permission_required');
    expect((await events(IDS.guestRoomRun, '', TOKENS.maria)).status).toBe(200);
  });
});

describe('run retry', () => {
  it('the requester retries a stopped run: it continues (running) with a run.resumed event', async () => {
    const r = await api(em.url, TOKENS.maria, 'POST', `/api/v1/runs/${IDS.stoppedRun}/retry`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, run_id: IDS.stoppedRun, status: 'running' });
    const tail = (await events(IDS.stoppedRun, '?after=8')).body;
    expect(tail.events.map((e: Loose) => [e.seq, e.name, e.known])).toEqual([[9, 'run.resumed', true]]);
    expectError(await api(em.url, TOKENS.maria, 'POST', `/api/v1/runs/${IDS.stoppedRun}/retry`), 409, 'conflict');
  });

  it('an admin with the admin scope may retry another person\'s run; only stopped runs', async () => {
    expect((await api(em.url, TOKENS.admin, 'POST', `/api/v1/runs/${IDS.stoppedRun}/retry`)).status).toBe(200);
    expectError(await api(em.url, TOKENS.owner, 'POST', `/api/v1/runs/${IDS.succeededRun}/retry`), 409, 'conflict');
  });

  it('control status changes settle a run', async () => {
    await em.control.setRunStatus(IDS.guestRoomRun, 'succeeded');
    const run = (await em.control.state()).tables.runs?.find((r) => r.id === IDS.guestRoomRun);
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run?.ended_at).toEqual(expect.any(String));
  });
});
