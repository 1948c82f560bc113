// The one doc-save round (shared/session) against the local service: saved, merged with a save
// made meanwhile, queued when the service cannot be reached, and the person's text never lost.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, runDocSaveRound, type DocRaceChoice, type OutboxEntry } from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = 'hpt_member_rw';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setUp(): Promise<{ emu: TestEmulator; client: Client; doc: { id: string; title: string; body: string; updated_at: string } }> {
  const emu = await startEmulator();
  const client = new Client({ baseUrl: emu.url, token: MARIA, clientName: 'round-test', retry: { maxAttempts: 1 } });
  cleanups.push(() => emu.stop(), () => client.close());
  const list = await client.docs();
  const first = list.find((d) => !d.is_folder);
  if (!first) throw new Error('the fixture has no doc');
  const doc = await client.getDoc(first.id);
  return { emu, client, doc };
}

const never = async (): Promise<DocRaceChoice> => {
  throw new Error('no race expected');
};
const noQueue = async (): Promise<OutboxEntry | undefined> => undefined;

describe('the doc-save round', () => {
  it('saves by compare-and-set', async () => {
    const { client, doc } = await setUp();
    const outcome = await runDocSaveRound({ doc, base: doc, mine: `${doc.body}\nmine` }, { client, choose: never, queue: noQueue });
    expect(outcome.kind).toBe('saved');
    expect((await client.getDoc(doc.id)).body).toBe(`${doc.body}\nmine`);
  });

  it('someone saved first, edits apart: the face is offered the clean merge, and both edits are saved', async () => {
    const { client, doc } = await setUp();
    const lines = `${doc.body}\n\nfirst\n\n\n\nlast`;
    const base = { body: lines, updated_at: (await client.patchDoc(doc.id, { body: lines, expected_updated_at: doc.updated_at }) as { updated_at: string }).updated_at };
    await client.patchDoc(doc.id, { body: lines.replace('first', 'THEIRS first'), expected_updated_at: base.updated_at });
    const offered: string[] = [];
    const outcome = await runDocSaveRound(
      { doc, base, mine: lines.replace('last', 'MINE last') },
      { client, queue: noQueue, choose: async (race) => (offered.push(race.kind), { kind: 'take_merged' }) },
    );
    expect(offered).toEqual(['merged_clean']);
    expect(outcome).toMatchObject({ kind: 'saved', merged: true });
    const now = (await client.getDoc(doc.id)).body;
    expect(now).toContain('THEIRS first');
    expect(now).toContain('MINE last');
  });

  it('the service cannot be reached: the save is queued with the version it was edited from, the text handed back', async () => {
    const { doc } = await setUp();
    const away = new Client({ baseUrl: 'http://127.0.0.1:9', token: MARIA, clientName: 'round-test', retry: { maxAttempts: 1 } });
    cleanups.push(() => away.close());
    const queued: unknown[] = [];
    const outcome = await runDocSaveRound(
      { doc, base: doc, mine: 'offline text' },
      { client: away, choose: never, queue: async (op) => (queued.push(op), { id: 7, idempotencyKey: 'k', operation: op, state: 'pending', createdAt: 0, attempts: 0 }) },
    );
    expect(outcome).toMatchObject({ kind: 'queued', mine: 'offline text' });
    expect(queued).toEqual([{ kind: 'doc_save', docId: doc.id, title: doc.title, base: { body: doc.body, updated_at: doc.updated_at }, mine: 'offline text' }]);
  });

  it('the person stops at a conflict: nothing saved, their text handed back', async () => {
    const { client, doc } = await setUp();
    await client.patchDoc(doc.id, { body: 'THEIRS entirely', expected_updated_at: doc.updated_at });
    const outcome = await runDocSaveRound({ doc, base: doc, mine: 'MINE entirely' }, { client, queue: noQueue, choose: async () => ({ kind: 'stop' }) });
    expect(outcome).toMatchObject({ kind: 'unresolved', mine: 'MINE entirely' });
    expect((await client.getDoc(doc.id)).body).toBe('THEIRS entirely');
  });
});
