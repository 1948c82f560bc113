// The outbox against the real local service: stopped and restarted, refusing on replay after a
// role change, answering after committing but losing the answer, and two replayers at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../../shared';
import { Outbox, replayOutbox, sendThroughOutbox } from '../../../shared/offline/outbox';
import { loadFixture, startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';

let running: TestEmulator[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const e of running.splice(0)) await e.stop();
});

async function start(options: Parameters<typeof startEmulator>[0] = {}): Promise<TestEmulator> {
  const emu = await startEmulator(options);
  running.push(emu);
  return emu;
}

async function stop(emu: TestEmulator): Promise<void> {
  await emu.stop();
  running = running.filter((e) => e !== emu);
}

function clientFor(url: string, token = MARIA): Client {
  const client = new Client({ baseUrl: url, token, clientName: 'test', retry: { maxAttempts: 2, baseMs: 5, capMs: 20 } });
  clients.push(client);
  return client;
}

function freshOutbox(): Outbox {
  return Outbox.open(join(mkdtempSync(join(tmpdir(), 'wsc-outbox-')), 'outbox.sqlite'));
}

async function bodiesAt(emu: TestEmulator, prefix: string): Promise<string[]> {
  const { tables } = await emu.control.state();
  return (tables.messages ?? []).map((m) => String(m.body)).filter((b) => b.startsWith(prefix));
}

const portOf = (url: string) => Number(new URL(url).port);

describe('the outbox', () => {
  it('queues posts made while the service is down and sends each once, in order, when it is back', async () => {
    const first = await start();
    const port = portOf(first.url);
    const client = clientFor(first.url);
    const outbox = freshOutbox();
    await stop(first);

    const outcomes = [];
    for (const n of [1, 2, 3]) outcomes.push(await sendThroughOutbox(outbox, client, { kind: 'post', channelId: GENERAL, body: `offline ${n}` }));
    expect(outcomes.map((o) => o.kind)).toEqual(['queued', 'queued', 'queued']);
    expect(outcomes[0]?.kind === 'queued' && outcomes[0].reason.code).toBe('network_error');
    expect(outbox.list().map((e) => [e.state, e.operation.kind === 'post' && e.operation.body])).toEqual([
      ['pending', 'offline 1'],
      ['pending', 'offline 2'],
      ['pending', 'offline 3'],
    ]);

    const again = await start({ port });
    const report = await replayOutbox(outbox, client);
    expect(report).toMatchObject({ sent: 3, failed: 0, busy: false });
    expect(await bodiesAt(again, 'offline ')).toEqual(['offline 1', 'offline 2', 'offline 3']);
    expect(outbox.list()).toEqual([]);
    expect(await replayOutbox(outbox, client)).toMatchObject({ sent: 0 });
    expect(await bodiesAt(again, 'offline ')).toHaveLength(3);
    outbox.close();
  });

  it('sends a post whose answer was lost after the service committed it only once (the key was chosen before the first attempt)', async () => {
    const emu = await start();
    const client = new Client({ baseUrl: emu.url, token: MARIA, clientName: 'test', retry: { maxAttempts: 1 } });
    clients.push(client);
    const outbox = freshOutbox();
    await emu.control.faults({ dropResponseAfterCommit: 1, pathPattern: '/api/v1/channels/*/messages' });
    const outcome = await sendThroughOutbox(outbox, client, { kind: 'post', channelId: GENERAL, body: 'lost answer' });
    expect(outcome.kind).toBe('queued');
    expect(await bodiesAt(emu, 'lost answer')).toHaveLength(1);
    expect(await replayOutbox(outbox, client)).toMatchObject({ sent: 1 });
    expect(await bodiesAt(emu, 'lost answer')).toHaveLength(1);
    outbox.close();
  });

  it('keeps a post refused on replay after the person lost write access, with the service message, and goes on with the next; it can then be dropped', async () => {
    const emu = await start();
    const client = clientFor(emu.url);
    const outbox = freshOutbox();
    await emu.control.faults({ fail500: 10, pathPattern: '/api/v1/channels/*/messages' });
    expect((await sendThroughOutbox(outbox, client, { kind: 'post', channelId: GENERAL, body: 'refused later' })).kind).toBe('queued');
    const readOnly = loadFixture();
    readOnly.tokens = readOnly.tokens.map((t) => (t.token === MARIA ? { ...t, scopes: ['workspace:read'] } : t));
    await emu.control.reset(readOnly);
    const failed: string[] = [];
    const report = await replayOutbox(outbox, client, { onFailed: (_e, said) => failed.push(said.code) });
    expect(report).toMatchObject({ sent: 0, failed: 1 });
    expect(failed).toEqual(['permission_required']);
    const [entry] = outbox.list();
    expect(entry?.state).toBe('failed');
    expect(entry?.lastError).toMatchObject({ code: 'permission_required', status: 403 });
    expect(entry?.lastError?.hint).not.toBe('');
    expect(entry?.operation).toMatchObject({ body: 'refused later' });
    // A failed entry does not hold back what comes after it.
    expect(await replayOutbox(outbox, client)).toMatchObject({ sent: 0, failed: 0 });
    expect(outbox.drop(entry!.id)).toBe(true);
    expect(outbox.list()).toEqual([]);
    outbox.close();
  });

  it('sends an edited failed entry again with a new key; retry puts a failed one back in its place', async () => {
    const emu = await start();
    const client = clientFor(emu.url);
    const outbox = freshOutbox();
    const refused = await sendThroughOutbox(outbox, client, { kind: 'post', channelId: 'c0000000-0000-4000-8000-000000000002', body: 'wrong channel' });
    expect(refused.kind).toBe('refused');
    const entry = outbox.list()[0]!;
    expect(entry.state).toBe('failed');
    const edited = outbox.editBody(entry.id, 'edited text')!;
    expect(edited.idempotencyKey).not.toBe(entry.idempotencyKey);
    expect(edited.state).toBe('pending');
    expect(await replayOutbox(outbox, client)).toMatchObject({ failed: 1 });
    expect(outbox.retry(entry.id)).toBe(true);
    expect(outbox.list()[0]?.state).toBe('pending');
    outbox.close();
  });

  it('lets two replayers on one outbox send each entry once, in order', async () => {
    const emu = await start();
    const down = clientFor('http://127.0.0.1:9');
    const dir = mkdtempSync(join(tmpdir(), 'wsc-outbox-'));
    const a = Outbox.open(join(dir, 'outbox.sqlite'));
    const b = Outbox.open(join(dir, 'outbox.sqlite'));
    for (let n = 1; n <= 8; n++) await sendThroughOutbox(a, down, { kind: 'post', channelId: GENERAL, body: `pair ${n}` });
    await emu.control.faults({ delayMs: 20, pathPattern: '/api/v1/channels/*/messages' });
    const [ra, rb] = await Promise.all([replayOutbox(a, clientFor(emu.url)), replayOutbox(b, clientFor(emu.url))]);
    const wait = async () => {
      for (let i = 0; i < 100 && a.list().length > 0; i++) await replayOutbox(a, clientFor(emu.url)).then(() => new Promise((r) => setTimeout(r, 20)));
    };
    await wait();
    expect(ra.sent + rb.sent).toBeLessThanOrEqual(8);
    expect(await bodiesAt(emu, 'pair ')).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `pair ${n}`));
    a.close();
    b.close();
  });

  it('takes over the claim of a replayer that died mid-send, and the resend is deduplicated by the service', async () => {
    const emu = await start();
    const client = clientFor(emu.url);
    const dir = mkdtempSync(join(tmpdir(), 'wsc-outbox-'));
    const dead = 999_999;
    const crashed = Outbox.open(join(dir, 'outbox.sqlite'), { isAlive: (pid) => pid !== dead });
    const entry = crashed.enqueue({ kind: 'post', channelId: GENERAL, body: 'sent before the crash' });
    const claim = crashed.claimNext({ pid: dead, token: 'dead-owner' });
    expect(claim).not.toBe('busy');
    await client.postMessage(GENERAL, { body: 'sent before the crash' }, { idempotencyKey: entry.idempotencyKey });
    crashed.close();
    const live = Outbox.open(join(dir, 'outbox.sqlite'));
    live.enqueue({ kind: 'post', channelId: GENERAL, body: 'queued after' });
    // While its owner lives (and the lease runs), another replayer leaves the claim alone.
    const whileAlive = Outbox.open(join(dir, 'outbox.sqlite'), { isAlive: () => true });
    expect(whileAlive.claimNext({ pid: 1, token: 'third' })).toBe('busy');
    whileAlive.close();
    expect(await replayOutbox(live, client)).toMatchObject({ sent: 2 });
    expect(await bodiesAt(emu, 'sent before the crash')).toHaveLength(1);
    expect(await bodiesAt(emu, 'queued after')).toHaveLength(1);
    live.close();
  });

  it('sends a doc saved offline by compare-and-set: merged when the edits do not overlap, kept as a conflict when they do', async () => {
    const emu = await start();
    const mine = clientFor(emu.url, 'hpt_owner_all');
    const other = clientFor(emu.url, 'hpt_admin_all');
    const outbox = freshOutbox();
    const DEPLOY = 'd0000000-0000-4000-8000-000000000003';
    const base = await mine.getDoc(DEPLOY);
    outbox.enqueue({ kind: 'doc_save', docId: DEPLOY, title: base.title, base: { body: base.body, updated_at: base.updated_at }, mine: base.body.replace('# Deploy', '# Deploy steps') });
    await other.patchDoc(DEPLOY, { body: base.body.replace('2. Tag.', '2. Tag and push.') });
    expect(await replayOutbox(outbox, mine)).toMatchObject({ sent: 1, failed: 0 });
    const merged = await mine.getDoc(DEPLOY);
    expect(merged.body).toBe('# Deploy steps\n\n1. Merge.\n2. Tag and push.\n');

    outbox.enqueue({ kind: 'doc_save', docId: DEPLOY, title: merged.title, base: { body: merged.body, updated_at: merged.updated_at }, mine: merged.body.replace('1. Merge.', '1. Squash-merge.') });
    await other.patchDoc(DEPLOY, { body: merged.body.replace('1. Merge.', '1. Merge to main.') });
    expect(await replayOutbox(outbox, mine)).toMatchObject({ sent: 0, failed: 1 });
    const [kept] = outbox.list();
    expect(kept?.state).toBe('failed');
    expect(kept?.lastError).toMatchObject({ code: 'conflict', status: 409 });
    expect(kept?.operation).toMatchObject({ mine: '# Deploy steps\n\n1. Squash-merge.\n2. Tag and push.\n' });
    expect((await mine.getDoc(DEPLOY)).body).toContain('1. Merge to main.');
    outbox.close();
  });
});
