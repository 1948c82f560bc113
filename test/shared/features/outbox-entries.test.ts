// What a person sees of their queued writes: each kind of write arrives as they made it, a write
// that waits behind another process's replay is reported truthfully, and the outbox's own
// bookkeeping (counts, retry, edit, drop, the day-old receipts, channel names) holds.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, Client } from '../../../shared';
import type { Clock } from '../../../shared/clock';
import {
  existingAccountOutbox,
  isWorthQueueing,
  openAccountOutbox,
  Outbox,
  processIsAlive,
  sendOperation,
  outboxErrorOf,
  replayOutbox,
  sendThroughOutbox,
  type OutboxEntry,
} from '../../../shared/offline/outbox';
import type { OutboxOptions } from '../../../shared/offline/outbox-store';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const NOT_MARIAS = 'c0000000-0000-4000-8000-000000000002';

const running: TestEmulator[] = [];
const clients: Client[] = [];
const outboxes: Outbox[] = [];
afterEach(async () => {
  for (const o of outboxes.splice(0)) o.close();
  for (const c of clients.splice(0)) await c.close();
  for (const e of running.splice(0)) await e.stop();
});

async function service(): Promise<TestEmulator> {
  const emu = await startEmulator();
  running.push(emu);
  return emu;
}

function clientFor(url: string, token = MARIA): Client {
  const client = new Client({ baseUrl: url, token, clientName: 'test', retry: { maxAttempts: 1 } });
  clients.push(client);
  return client;
}

/** A client of a service that cannot be reached: what queues a write. */
const unreachable = (): Client => clientFor('http://127.0.0.1:9');

function open(path: string, options?: OutboxOptions): Outbox {
  const outbox = Outbox.open(path, options);
  outboxes.push(outbox);
  return outbox;
}
const freshPath = (): string => join(mkdtempSync(join(tmpdir(), 'wsc-outbox-')), 'outbox.sqlite');

async function messagesAt(emu: TestEmulator, prefix: string): Promise<Array<Record<string, unknown>>> {
  const { tables } = await emu.control.state();
  return (tables.messages ?? []).filter((m) => String(m.body).startsWith(prefix));
}

/** A clock whose sleep runs `meanwhile` (what another process does while this one waits) and moves time on. */
function steppedClock(meanwhile: (slept: number) => void | Promise<void>): Clock & { slept: number } {
  let now = 1_000_000;
  const clock = {
    slept: 0,
    now: () => now,
    sleep: async (ms: number) => {
      clock.slept += 1;
      now += ms;
      await meanwhile(clock.slept);
    },
  };
  return clock;
}

describe('the outbox sends each kind of write as it was made', () => {
  it('a reply, an edit and a task change made offline arrive as a reply in its thread, the new text and the change', async () => {
    const emu = await service();
    const online = clientFor(emu.url);
    const root = await online.postMessage(GENERAL, { body: 'outbox root' });
    const outbox = open(freshPath());
    const offline = unreachable();
    const queued = [
      await sendThroughOutbox(outbox, offline, { kind: 'post', channelId: GENERAL, body: 'outbox reply', parentId: root.id }),
      await sendThroughOutbox(outbox, offline, { kind: 'edit', messageId: root.id, body: 'outbox root, edited' }),
      await sendThroughOutbox(outbox, offline, { kind: 'task_update', taskRef: 'T-3', patch: { title: 'Renamed while offline' } }),
    ];
    expect(queued.map((q) => q.kind)).toEqual(['queued', 'queued', 'queued']);

    expect(await replayOutbox(outbox, online)).toMatchObject({ sent: 3, failed: 0 });
    const [reply] = await messagesAt(emu, 'outbox reply');
    expect(reply?.parent_id).toBe(root.id);
    expect((await messagesAt(emu, 'outbox root')).map((m) => m.body)).toEqual(['outbox root, edited']);
    expect((await online.tasks()).find((t) => t.ref === 'T-3')?.title).toBe('Renamed while offline');
  });

  it('a post that is not a reply is sent without a thread', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: GENERAL, body: 'outbox top level' });
    await replayOutbox(outbox, clientFor(emu.url));
    const [posted] = await messagesAt(emu, 'outbox top level');
    expect(posted?.parent_id ?? null).toBeNull();
  });

  it('sends nothing once the caller gave up, and the write keeps its place', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: GENERAL, body: 'outbox not yet' });
    const gaveUp = AbortSignal.abort();
    expect(await replayOutbox(outbox, clientFor(emu.url), {}, undefined, gaveUp)).toEqual({ sent: 0, failed: 0, busy: false });
    expect(await messagesAt(emu, 'outbox not yet')).toEqual([]);
    expect(outbox.list().map((e) => [e.state, e.attempts])).toEqual([['pending', 1]]);
  });

  it('a token the service no longer accepts stops the replay with the write still waiting (a new token sends it)', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: GENERAL, body: 'outbox after login' });
    const report = await replayOutbox(outbox, clientFor(emu.url, 'hpt_not_a_token'));
    expect(report).toMatchObject({ sent: 0, failed: 0, busy: false, stoppedBy: { code: 'unauthorized' } });
    expect(outbox.list()[0]).toMatchObject({ state: 'pending', lastError: { code: 'unauthorized', status: 401 } });
    expect(await replayOutbox(outbox, clientFor(emu.url))).toMatchObject({ sent: 1 });
  });
});

describe('sending through the outbox', () => {
  it('a write the service refuses is dropped when the caller keeps the text itself (the CLI), and kept otherwise', async () => {
    const emu = await service();
    const client = clientFor(emu.url);
    const outbox = open(freshPath());
    const dropped = await sendThroughOutbox(outbox, client, { kind: 'post', channelId: NOT_MARIAS, body: 'outbox refused' }, { dropRefused: true });
    expect(dropped).toMatchObject({ kind: 'refused', reason: { status: 404 } });
    expect(outbox.list()).toEqual([]);
    const kept = await sendThroughOutbox(outbox, client, { kind: 'post', channelId: NOT_MARIAS, body: 'outbox refused' });
    expect(kept.kind).toBe('refused');
    expect(outbox.list().map((e) => e.state)).toEqual(['failed']);
  });

  it('tells the caller about the older writes it sends or that are refused on the way, and about its own write apart', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    const offline = unreachable();
    await sendThroughOutbox(outbox, offline, { kind: 'post', channelId: GENERAL, body: 'outbox older' });
    await sendThroughOutbox(outbox, offline, { kind: 'post', channelId: NOT_MARIAS, body: 'outbox older refused' });
    const told: string[] = [];
    const handlers = {
      onSent: (e: OutboxEntry) => told.push(`sent ${e.operation.kind === 'post' ? e.operation.body : ''}`),
      onFailed: (e: OutboxEntry) => told.push(`refused ${e.operation.kind === 'post' ? e.operation.body : ''}`),
    };
    const mine = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox mine' }, { handlers });
    expect(mine.kind).toBe('sent');
    expect(told).toEqual(['sent outbox older', 'refused outbox older refused']);
  });

  it('waits while another process sends the writes before it, and says so when that takes too long', async () => {
    const emu = await service();
    const path = freshPath();
    const outbox = open(path, { isAlive: () => true });
    const older = outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox held by another' });
    expect(outbox.claimNext({ pid: 4242, token: 'another process' })).toMatchObject({ entry: { id: older.id } });
    const clock = steppedClock(() => undefined);
    const outcome = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox behind' }, { clock, waitForOthersMs: 500 });
    expect(outcome).toMatchObject({ kind: 'queued', reason: { code: 'outbox_busy', message: 'Another wsc process is sending the outbox.' } });
    expect(outcome.kind === 'queued' && outcome.reason.hint).toMatch(/wsc outbox list/);
    // It looked again every 50 ms while it waited, and gave up once the time asked was up.
    expect(clock.slept).toBe(10);
    expect(clock.now() - 1_000_000).toBe(500);
    expect(await messagesAt(emu, 'outbox behind')).toEqual([]);
    expect(outbox.list().map((e) => e.state)).toEqual(['pending', 'pending']);
  });

  it('reports a write the other process sent meanwhile as sent, with the service answer', async () => {
    const emu = await service();
    const path = freshPath();
    const outbox = open(path, { isAlive: () => true });
    const other = open(path, { isAlive: () => true });
    const otherOwner = { pid: 4242, token: 'another process' };
    outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox held by another' });
    other.claimNext(otherOwner);
    const otherClient = clientFor(emu.url);
    const clock = steppedClock(async () => {
      await replayOutbox(other, otherClient, {}, otherOwner);
    });
    const outcome = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox sent by another' }, { clock });
    const [stored] = await messagesAt(emu, 'outbox sent by another');
    expect(outcome.kind).toBe('sent');
    expect(outcome.kind === 'sent' && (outcome.result as { id: string }).id).toBe(stored?.id);
    expect(await messagesAt(emu, 'outbox sent by another')).toHaveLength(1);
  });

  it('reports a write dropped meanwhile (by the person, elsewhere) as not sent', async () => {
    const emu = await service();
    const path = freshPath();
    const outbox = open(path, { isAlive: () => true });
    const other = open(path, { isAlive: () => true });
    outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox held by another' });
    other.claimNext({ pid: 4242, token: 'another process' });
    const clock = steppedClock(() => {
      const mine = other.list().find((e) => e.operation.kind === 'post' && e.operation.body === 'outbox dropped meanwhile');
      if (mine) other.drop(mine.id);
    });
    const outcome = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox dropped meanwhile' }, { clock });
    expect(outcome.kind).toBe('dropped');
    expect(await messagesAt(emu, 'outbox dropped meanwhile')).toEqual([]);
  });
});

describe('the outbox keeps its own books', () => {
  it('counts what waits and what was refused; retry puts every refused write back', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: NOT_MARIAS, body: 'outbox refused 1' });
    await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: NOT_MARIAS, body: 'outbox refused 2' });
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: GENERAL, body: 'outbox waiting' });
    await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox sent' });
    expect(outbox.count()).toEqual({ pending: 0, failed: 2 });
    expect(outbox.retryAll()).toBe(2);
    expect(outbox.count()).toEqual({ pending: 2, failed: 0 });
    expect(outbox.retry(outbox.list()[0]!.id)).toBe(false);
    expect(outbox.retryAll()).toBe(0);
  });

  it('an empty outbox counts nothing', () => {
    expect(open(freshPath()).count()).toEqual({ pending: 0, failed: 0 });
  });

  it('lets the person change the text of a write never attempted or refused, but not of one that may have arrived, nor of a task change or a doc', async () => {
    const path = freshPath();
    const outbox = open(path);
    const never = outbox.enqueue({ kind: 'edit', messageId: 'm1', body: 'outbox typo' });
    const edited = outbox.editBody(never.id, 'outbox fixed')!;
    expect(edited.operation).toEqual({ kind: 'edit', messageId: 'm1', body: 'outbox fixed' });
    expect(edited.idempotencyKey).not.toBe(never.idempotencyKey);
    expect(outbox.list().map((e) => e.operation)).toEqual([edited.operation]);
    // Attempted and not refused: it may have reached the service, so its text stays.
    const attempted = outbox.claimNext({ pid: process.pid, token: 'me' });
    expect(attempted).not.toBe('busy');
    expect(outbox.editBody(never.id, 'outbox changed again')).toBeUndefined();
    expect(outbox.list()[0]?.operation).toEqual(edited.operation);
    const task = outbox.enqueue({ kind: 'task_update', taskRef: 'T-3', patch: { title: 'x' } });
    expect(outbox.editBody(task.id, 'text')).toBeUndefined();
    const doc = outbox.enqueue({ kind: 'doc_save', docId: 'd1', title: 'Doc', base: { body: 'a', updated_at: '2026-01-01T00:00:00Z' }, mine: 'b' });
    expect(outbox.editBody(doc.id, 'text')).toBeUndefined();
    expect(outbox.editBody(9_999, 'text')).toBeUndefined();
  });

  it('does not drop a write another live process is sending right now; once its lease ran out, or its process died, it can be dropped', () => {
    let now = 5_000_000;
    let alive = true;
    const path = freshPath();
    const outbox = open(path, { now: () => now, isAlive: () => alive });
    const entry = outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox in flight' });
    outbox.claimNext({ pid: 4242, token: 'sender' });
    expect(outbox.drop(entry.id)).toBe(false);
    alive = false;
    expect(outbox.drop(entry.id)).toBe(true);
    expect(outbox.drop(entry.id)).toBe(false);

    alive = true;
    const second = outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox lease' });
    outbox.claimNext({ pid: 4242, token: 'sender' });
    now += 119_999;
    expect(outbox.drop(second.id)).toBe(false);
    now += 1;
    expect(outbox.drop(second.id)).toBe(true);
  });

  it('takes over a claim whose lease ran out even while its process lives', () => {
    let now = 5_000_000;
    const outbox = open(freshPath(), { now: () => now, isAlive: () => true });
    outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox stuck' });
    outbox.claimNext({ pid: 4242, token: 'stuck' });
    expect(outbox.claimNext({ pid: 1, token: 'next' })).toBe('busy');
    now += 119_999;
    expect(outbox.claimNext({ pid: 1, token: 'next' })).toBe('busy');
    now += 1;
    expect(outbox.claimNext({ pid: 1, token: 'next' })).toMatchObject({ entry: { attempts: 2 } });
  });

  it('keeps the answer to a sent write for a day, for a process that waited on it, then forgets it', async () => {
    const emu = await service();
    let now = Date.now();
    const outbox = open(freshPath(), { now: () => now });
    const outcome = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox receipt' });
    expect(outcome.kind).toBe('sent');
    const id = outcome.entry.id;
    const answer = outcome.kind === 'sent' ? outcome.result : undefined;
    expect(outbox.get(id)).toBeUndefined();
    expect(outbox.sentResult(id)).toEqual(answer);
    now += 23 * 60 * 60 * 1000;
    outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox later' });
    expect(outbox.sentResult(id)).toEqual(answer);
    now += 2 * 60 * 60 * 1000;
    outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox next day' });
    expect(outbox.sentResult(id)).toBeUndefined();
    expect(outbox.sentResult(outbox.list()[0]!.id)).toBeUndefined();
  });

  it('remembers the channel names it was last told, by name', () => {
    const outbox = open(freshPath());
    outbox.rememberChannels([
      { id: 'c2', name: 'random' },
      { id: 'c1', name: 'general' },
    ]);
    expect(outbox.knownChannels()).toEqual([
      { id: 'c1', name: 'general' },
      { id: 'c2', name: 'random' },
    ]);
    outbox.rememberChannels([{ id: 'c3', name: 'ops' }]);
    expect(outbox.knownChannels()).toEqual([{ id: 'c3', name: 'ops' }]);
  });

  it('keeps one outbox file per account, and making none just to look', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-outbox-root-'));
    const maria = { serviceUrl: 'http://127.0.0.1:1', workspaceId: 'w1', userId: 'maria' };
    const alex = { ...maria, userId: 'alex' };
    expect(existingAccountOutbox(root, maria)).toBeUndefined();
    const made = openAccountOutbox(root, maria);
    outboxes.push(made);
    made.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox of maria' });
    expect(existsSync(made.path)).toBe(true);
    const again = existingAccountOutbox(root, maria)!;
    outboxes.push(again);
    expect(again.list()).toHaveLength(1);
    expect(existingAccountOutbox(root, alex)).toBeUndefined();
  });
});

describe('more of what sending through the outbox promises', () => {
  it('waits ten seconds by default for another process before saying it is busy', async () => {
    const emu = await service();
    const outbox = open(freshPath(), { isAlive: () => true });
    outbox.enqueue({ kind: 'post', channelId: GENERAL, body: 'outbox held by another' });
    outbox.claimNext({ pid: 4242, token: 'another process' });
    const clock = steppedClock(() => undefined);
    const outcome = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox behind' }, { clock });
    expect(outcome.kind === 'queued' && outcome.reason.code).toBe('outbox_busy');
    expect(clock.now() - 1_000_000).toBe(10_000);
  });

  it('a write that could not be sent stays queued even when the caller drops refused ones', async () => {
    const outbox = open(freshPath());
    const outcome = await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: GENERAL, body: 'outbox keep me' }, { dropRefused: true });
    expect(outcome).toMatchObject({ kind: 'queued', reason: { code: 'network_error' } });
    expect(outbox.list()).toHaveLength(1);
  });

  it('with no handlers at all, older writes sent or refused on the way go by quietly', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: NOT_MARIAS, body: 'outbox older refused' });
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: GENERAL, body: 'outbox older' });
    const mine = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox mine' });
    expect(mine.kind).toBe('sent');
  });

  it('handlers that care about only some outcomes are fine', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: GENERAL, body: 'outbox older' });
    await sendThroughOutbox(outbox, unreachable(), { kind: 'post', channelId: NOT_MARIAS, body: 'outbox older refused' });
    const mine = await sendThroughOutbox(outbox, clientFor(emu.url), { kind: 'post', channelId: GENERAL, body: 'outbox mine' }, { handlers: {} });
    expect(mine.kind).toBe('sent');
  });
});

describe('a doc saved through the outbox', () => {
  const DEPLOY = 'd0000000-0000-4000-8000-000000000003';

  it('a doc the service no longer has is kept as refused, not reported sent', async () => {
    const emu = await service();
    const outbox = open(freshPath());
    const missing = 'd0000000-0000-4000-8000-00000000ffff';
    outbox.enqueue({ kind: 'doc_save', docId: missing, title: 'Gone', base: { body: 'a', updated_at: '2026-01-01T00:00:00.000000Z' }, mine: 'b' });
    expect(await replayOutbox(outbox, clientFor(emu.url, 'hpt_owner_all'))).toMatchObject({ sent: 0, failed: 1 });
    expect(outbox.list()[0]).toMatchObject({ state: 'failed', lastError: { status: 404 } });
  });

  it('names the doc and the overlapping lines when the edits overlap, and says how to apply them again', async () => {
    const emu = await service();
    const mine = clientFor(emu.url, 'hpt_owner_all');
    const base = await mine.getDoc(DEPLOY);
    await clientFor(emu.url, 'hpt_admin_all').patchDoc(DEPLOY, { body: base.body.replace('1. Merge.', '1. Merge to main.') });
    const operation = { kind: 'doc_save' as const, docId: DEPLOY, title: base.title, base: { body: base.body, updated_at: base.updated_at }, mine: base.body.replace('1. Merge.', '1. Squash-merge.') };
    const refusal = sendOperation(mine, operation, 'doc-key-1');
    await expect(refusal).rejects.toMatchObject({ code: 'conflict', status: 409, path: `/docs/${DEPLOY}` });
    const error = (await refusal.catch((e: unknown) => e)) as ApiError;
    expect(error.message).toMatch(new RegExp(`^The doc "${base.title}" changed since you edited it and your edits overlap with the newer version \\(lines \\d+(, \\d+)*\\); it was not saved\\.$`));
    expect(error.hint).toBe(`Open it with wsc doc edit ${DEPLOY} and apply your text again (wsc outbox list --json shows it), then drop this entry.`);
  });

  it('saves the merge under a key of its own, and when the doc changed yet again meanwhile keeps the entry instead of calling it saved', async () => {
    const emu = await service();
    const real = clientFor(emu.url, 'hpt_owner_all');
    const other = clientFor(emu.url, 'hpt_admin_all');
    const base = await real.getDoc(DEPLOY);
    await other.patchDoc(DEPLOY, { body: base.body.replace('2. Tag.', '2. Tag and push.') });
    const keys: Array<string | false | undefined> = [];
    const racing = {
      getDoc: real.getDoc.bind(real),
      postMessage: real.postMessage.bind(real),
      editMessage: real.editMessage.bind(real),
      patchTask: real.patchTask.bind(real),
      patchDoc: async (...[id, input, opts]: Parameters<Client['patchDoc']>) => {
        keys.push(opts?.idempotencyKey);
        // Someone saves once more just before the merge is sent.
        if (keys.length === 2) {
          const now = await real.getDoc(DEPLOY);
          await other.patchDoc(DEPLOY, { body: `${now.body}3. Announce.\n` });
        }
        return real.patchDoc(id, input, opts);
      },
    } as unknown as Client;
    const outbox = open(freshPath());
    const entry = outbox.enqueue({ kind: 'doc_save', docId: DEPLOY, title: base.title, base: { body: base.body, updated_at: base.updated_at }, mine: base.body.replace('# Deploy', '# Deploy steps') });
    const report = await replayOutbox(outbox, racing);
    expect(keys.slice(0, 2)).toEqual([entry.idempotencyKey, `${entry.idempotencyKey}:merged`]);
    expect(report).toMatchObject({ sent: 0, failed: 1 });
    expect(outbox.list()[0]).toMatchObject({ state: 'failed', lastError: { code: 'conflict' } });
    expect(outbox.list()[0]?.lastError?.message).not.toMatch(/\(lines/);
  });
});

describe('the outbox file itself', () => {
  it('an unreadable outbox file is moved aside and a fresh outbox opened', () => {
    const path = freshPath();
    writeFileSync(path, 'this is not a database');
    const outbox = open(path);
    expect(outbox.setAside).toBeDefined();
    expect(outbox.list()).toEqual([]);
  });

  it('a closed outbox cannot be used by mistake', () => {
    const outbox = Outbox.open(freshPath());
    outbox.close();
    expect(() => outbox.list()).toThrow();
  });

  it('a process that has gone is not alive; this one is', () => {
    expect(processIsAlive(process.pid)).toBe(true);
    expect(processIsAlive(999_999)).toBe(false);
  });
});

describe('which failures leave a write waiting', () => {
  it('waits on an unreachable or failing service and on a rejected token; not on a refusal or a fault of its own', () => {
    const api = (code: string, status: number) => new ApiError({ code, status, message: 'm', hint: 'h', path: '/x' });
    expect(isWorthQueueing(api('unauthorized', 401))).toBe(true);
    expect(isWorthQueueing(api('internal_error', 500))).toBe(true);
    expect(isWorthQueueing(api('permission_required', 403))).toBe(false);
    expect(isWorthQueueing(new Error('bug'))).toBe(false);
    expect(outboxErrorOf(new Error('bug'))).toMatchObject({ code: 'client_error', message: 'bug', status: 0 });
    expect(outboxErrorOf('odd')).toMatchObject({ code: 'client_error', message: 'odd' });
    expect(outboxErrorOf('odd').hint).toMatch(/wsc outbox retry/);
  });
});
