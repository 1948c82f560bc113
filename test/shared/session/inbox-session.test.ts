// The attention inbox every face uses, against the local service over real HTTP: each source
// (a task of mine changed by someone else, a run settling, a run gone, a refused write, mentions),
// the shared read/done state between two sessions on one account, and the service going away.
import { mkdtempSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, hasOutbox, InboxSession, OutboxSession, type InboxOutbox, type OfflineAccount, type OutboxEntry } from '../../../shared';
import { openAccountOutbox } from '../../../shared/outbox';
import { InboxStore } from '../../../shared/inbox-store';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = { token: 'hpt_member_rw', userId: 'a0000000-0000-4000-8000-000000000003', name: 'Maria Member', handle: 'maria' };
const ADAM = 'hpt_admin_all';
const RUN = 'b0000000-0000-4000-8000-000000000001';
const ACCOUNT: OfflineAccount = { serviceUrl: 'http://inbox.test', workspaceId: 'w', userId: MARIA.userId };

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function service(): Promise<TestEmulator> {
  const emu = await startEmulator();
  cleanups.push(() => emu.stop());
  return emu;
}

const client = (url: string, token: string) => new Client({ baseUrl: url, token, clientName: 'inbox-test', retry: { maxAttempts: 1 } });

function session(url: string, root: string, extra: { outbox?: InboxOutbox; refreshEveryMs?: number; mentionsFromFeed?: boolean } = {}): InboxSession {
  const s = new InboxSession({ root, account: ACCOUNT, me: MARIA, client: client(url, MARIA.token), openStore: async (path) => InboxStore.open(path), ...extra });
  cleanups.push(() => s.close());
  return s;
}

const until = async (what: string, probe: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the inbox session against the local service', () => {
  it('a task of mine changed by someone else arrives once: reassigned priority, then done because its pull request merged', async () => {
    const emu = await service();
    const root = mkdtempSync(join(tmpdir(), 'wsc-inbox-'));
    const inbox = session(emu.url, root);
    await inbox.open();
    const arrived: string[] = [];
    inbox.onArrive((items) => arrived.push(...items.map((i) => i.title)));
    await inbox.refresh();
    expect(inbox.items({ source: 'task' })).toEqual([]);

    const adam = client(emu.url, ADAM);
    await adam.patchTask('T-2', { priority: 4 });
    await emu.control.mergePr('https://github.com/acme/app/pull/42');
    await inbox.refresh();
    const tasks = inbox.items({ source: 'task' });
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ id: 'task:T-2', state: 'unread', taskRef: 'T-2', target: { kind: 'task', ref: 'T-2' } });
    expect(tasks[0]?.title).toContain('moved to done (its pull request merged)');
    expect(tasks[0]?.title).toContain('priority low');
    expect(arrived.filter((t) => t.startsWith('T-2'))).toHaveLength(1);

    // Nothing changed since: nothing arrives again.
    await inbox.refresh();
    expect(arrived.filter((t) => t.startsWith('T-2'))).toHaveLength(1);
  });

  it('a task reassigned away from me arrives as such, without an error', async () => {
    const emu = await service();
    const inbox = session(emu.url, mkdtempSync(join(tmpdir(), 'wsc-inbox-')));
    await inbox.open();
    await inbox.refresh();
    await client(emu.url, ADAM).patchTask('T-2', { assignee_user_id: 'a0000000-0000-4000-8000-000000000004' });
    const report = await inbox.refresh();
    expect(report.errors).toEqual([]);
    expect(inbox.items({ source: 'task' })[0]?.title).toMatch(/^T-2 reassigned away from you/);
  });

  it('a watched run that settles arrives once; a run that cannot be read shows as gone and is not asked again', async () => {
    const emu = await service();
    const inbox = session(emu.url, mkdtempSync(join(tmpdir(), 'wsc-inbox-')));
    await inbox.open();
    await inbox.watchRun(RUN, 'Fix search ranking run', 'T-2');
    await inbox.refresh();
    // The fixture's run stopped (its budget ran out): it waits for someone.
    expect(inbox.items({ source: 'run' }).map((i) => i.title)).toEqual(['Run stopped and waits for you: budget exhausted (retry continues it)']);
    await emu.control.appendRunEvents(RUN, [{ name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'failed', summary: 'tests failed' } }]);
    await inbox.refresh();
    const runs = inbox.items({ source: 'run' }).filter((i) => i.id.endsWith(':settled'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: `run:${RUN}:settled`, title: 'Run failed: tests failed', taskRef: 'T-2', target: { kind: 'run', runId: RUN } });
    const settledRequests = inbox.requests;
    await inbox.refresh();
    // A settled run is not read again (only the mentions and tasks are).
    expect(inbox.requests - settledRequests).toBe(2);

    await inbox.watchRun('b0000000-0000-4000-8000-00000000dead', 'a run since deleted');
    const report = await inbox.refresh();
    expect(report.errors).toEqual([]);
    const gone = inbox.items({ source: 'run' }).find((i) => i.id.includes('dead'));
    expect(gone).toMatchObject({ gone: true });
    const before = inbox.requests;
    await inbox.refresh();
    expect(inbox.requests - before).toBe(2);
  });

  it('a refused write in the outbox arrives, and is done by itself once it leaves the outbox', async () => {
    const emu = await service();
    let entries: OutboxEntry[] = [
      { id: 7, idempotencyKey: 'k', state: 'failed', createdAt: Date.now(), attempts: 1, operation: { kind: 'post', channelId: 'c', channelName: 'general', body: 'hello' }, lastError: { code: 'forbidden', message: 'Guests cannot post here.', hint: 'Ask an admin.', status: 403 } },
    ];
    const listeners = new Set<() => void>();
    const outbox: InboxOutbox = { entries: () => entries, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
    const inbox = session(emu.url, mkdtempSync(join(tmpdir(), 'wsc-inbox-')), { outbox });
    await inbox.open();
    expect(inbox.items({ source: 'outbox' })[0]).toMatchObject({ id: 'outbox:7', state: 'unread', target: { kind: 'outbox', entryId: 7 } });
    expect(inbox.items({ source: 'outbox' })[0]?.title).toContain('Guests cannot post here.');
    entries = [];
    for (const l of listeners) l();
    expect(inbox.items({ source: 'outbox' })).toEqual([]);
    expect(inbox.items({ source: 'outbox', done: true })[0]?.state).toBe('done');
  });

  it('a doc save replayed from the outbox into a conflict arrives as a doc conflict opening the doc; dropping the entry makes it done', async () => {
    const emu = await service();
    const root = mkdtempSync(join(tmpdir(), 'wsc-inbox-'));
    const maria = client(emu.url, MARIA.token);
    const bob = client(emu.url, ADAM);
    cleanups.push(() => maria.close(), () => bob.close());
    const first = (await maria.docs()).find((d) => !d.is_folder);
    if (!first) throw new Error('the fixture has a doc');
    const base = await maria.getDoc(first.id);
    // Someone else saves the same line first; the person's queued save overlaps it.
    await bob.patchDoc(base.id, { body: `${base.body}\ntheirs`, expected_updated_at: base.updated_at });
    const outbox = new OutboxSession({ root, account: ACCOUNT, client: maria, hasOutbox, openOutbox: async (at, account) => openAccountOutbox(at, account), retryEveryMs: 60_000 });
    cleanups.push(() => outbox.close());
    await outbox.open();
    const inbox = session(emu.url, root, { outbox });
    await inbox.open();
    const sending = await outbox.send({ kind: 'doc_save', docId: base.id, title: base.title, base: { body: base.body, updated_at: base.updated_at }, mine: `${base.body}\nmine` });
    expect((await sending.settled).kind).not.toBe('sent');
    await until('the refused save in the inbox', () => inbox.items({ source: 'outbox' }).length === 1);
    const [item] = inbox.items({ source: 'outbox' });
    expect(item).toMatchObject({ state: 'unread', target: { kind: 'doc', docId: base.id } });
    expect(item?.title).toBe(`Doc conflict waits for you: ${base.title}`);
    expect((await maria.getDoc(base.id)).body).toBe(`${base.body}\ntheirs`);
    const entry = outbox.entries()[0];
    if (!entry) throw new Error('the refused save stays in the outbox');
    expect(await outbox.drop(entry.id)).toBe('dropped');
    await until('the item done once the entry is dropped', () => inbox.items({ source: 'outbox' }).length === 0);
    expect(inbox.items({ source: 'outbox', done: true })[0]?.title).toBe(`Doc conflict waits for you: ${base.title}`);
  });

  it('done in one session is done in another on the same account within a second, and survives a restart', async () => {
    const emu = await service();
    const root = mkdtempSync(join(tmpdir(), 'wsc-inbox-'));
    const a = session(emu.url, root);
    const b = session(emu.url, root);
    await a.open();
    await b.open();
    await a.refresh();
    await until('the other session to see the mentions', () => b.items().length > 0);
    const first = b.items()[0];
    if (!first) throw new Error('no item');
    const started = Date.now();
    await b.mark([first.id], 'done');
    await until('done to show in the first session', () => a.items({ done: true }).find((i) => i.id === first.id)?.state === 'done', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    await a.close();
    const again = session(emu.url, root);
    await again.open();
    expect(again.items({ done: true }).find((i) => i.id === first.id)?.state).toBe('done');
  });

  it('with the service away, a refresh says unreachable and what was seen stays', async () => {
    const emu = await service();
    const root = mkdtempSync(join(tmpdir(), 'wsc-inbox-'));
    const inbox = session(emu.url, root);
    await inbox.open();
    await inbox.refresh();
    const seen = inbox.items().length;
    expect(seen).toBeGreaterThan(0);
    await emu.stop();
    const report = await inbox.refresh();
    expect(report).toMatchObject({ unreachable: true, errors: [] });
    expect(inbox.items()).toHaveLength(seen);
  });

  it('two homes on one account share the interval: while one looks every minute, the other does not look too', async () => {
    const emu = await service();
    const root = mkdtempSync(join(tmpdir(), 'wsc-inbox-'));
    const a = session(emu.url, root, { refreshEveryMs: 300 });
    const b = session(emu.url, root, { refreshEveryMs: 300 });
    await a.open();
    await b.open();
    a.start();
    await new Promise((r) => setTimeout(r, 150));
    b.start();
    await new Promise((r) => setTimeout(r, 2_000));
    // Each start looks once (a look: the mentions and the tasks; the channel names once per home);
    // after that one look per interval between them, not one each (that would be 2 + 2 × 6).
    const looks = (a.requests + b.requests - 2) / 2;
    expect(looks).toBeLessThanOrEqual(2 + Math.ceil(2_000 / 300) + 1);
  });

  it('a face with a live mention feed: the first look still brings the mentions already there, later ones come from the feed', async () => {
    const emu = await service();
    const inbox = session(emu.url, mkdtempSync(join(tmpdir(), 'wsc-inbox-')), { mentionsFromFeed: true });
    await inbox.open();
    await inbox.refresh();
    const seeded = inbox.items({ source: 'mention' }).length;
    expect(seeded).toBeGreaterThan(0);
    const before = inbox.requests;
    await inbox.refresh();
    // Only the tasks: no mention read once the feed is the source.
    expect(inbox.requests - before).toBe(1);
  });

  it('closes at once while a read waits on a service that takes requests and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
    cleanups.push(() => sockets.forEach((s) => s.destroy()));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const inbox = session(url, mkdtempSync(join(tmpdir(), 'wsc-inbox-')));
    await inbox.open();
    const reading = inbox.refresh();
    await until('the read to reach the service', () => sockets.length > 0);
    const started = Date.now();
    await inbox.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await reading.catch(() => undefined);
  });
});
