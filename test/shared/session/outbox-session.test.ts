// The one outbox session every face uses, against the local service over real HTTP: the send
// policy (queued first, sent in order, once), and a drop that stops a send in flight, whether this
// process or another one is sending it. A small loopback proxy holds a post "in flight" (it has
// left the client but not reached the service) until it is released.
import { mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, hasOutbox, OutboxSession, type OfflineAccount } from '../../../shared';
import { openAccountOutbox } from '../../../shared/outbox';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const MARIA = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const ACCOUNT: OfflineAccount = { serviceUrl: 'http://session.test', workspaceId: 'w', userId: 'maria' };

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

interface HoldingProxy {
  url: string;
  /** Posts that reached the proxy and wait to be forwarded. */
  held(): number;
  /** Held posts whose client has gone away (a stopped send). */
  abandoned(): number;
  /** Forwards what is held (and from now on forwards at once). */
  release(): void;
}

/** Forwards to `target`, holding every POST until released; a held request whose client went away is never forwarded. */
async function holdingProxy(target: string): Promise<HoldingProxy> {
  let holding = true;
  let abandoned = 0;
  const waiting: (() => void)[] = [];
  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', target);
    const upstream = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!holding || req.method !== 'POST') return forward(req, body, res);
      res.once('close', () => {
        if (!res.writableEnded) abandoned += 1;
      });
      waiting.push(() => {
        if (!res.destroyed && !req.socket.destroyed) forward(req, body, res);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  cleanups.push(() => server.closeAllConnections());
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => waiting.length,
    abandoned: () => abandoned,
    release: () => {
      holding = false;
      for (const go of waiting.splice(0)) go();
    },
  };
}

async function service(): Promise<TestEmulator> {
  const emu = await startEmulator();
  cleanups.push(() => emu.stop());
  return emu;
}

function clientFor(url: string): Client {
  const client = new Client({ baseUrl: url, token: MARIA, clientName: 'session-test', retry: { maxAttempts: 1 } });
  cleanups.push(() => client.close());
  return client;
}

function session(root: string, client: Client): OutboxSession {
  const s = new OutboxSession({ root, account: ACCOUNT, client, hasOutbox, openOutbox: async (at, account) => openAccountOutbox(at, account), retryEveryMs: 60_000 });
  cleanups.push(() => s.close());
  return s;
}

async function copiesAt(emu: TestEmulator, body: string): Promise<number> {
  const { tables } = await emu.control.state();
  return (tables.messages as { body: string }[]).filter((m) => m.body === body).length;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const root = () => mkdtempSync(join(tmpdir(), 'wsc-session-'));

describe('the outbox session (one send policy for every face)', () => {
  it('queues first (the entry shows at once), then sends it once', async () => {
    const emu = await service();
    const s = session(root(), clientFor(emu.url));
    const { entry, settled } = await s.send({ kind: 'post', channelId: GENERAL, channelName: 'general', body: 'session once' });
    expect(s.entries().map((e) => e.id)).toEqual([entry.id]);
    expect((await settled).kind).toBe('sent');
    expect(s.entries()).toEqual([]);
    expect(await copiesAt(emu, 'session once')).toBe(1);
  });

  it('while the service cannot be reached the write is queued with the reason, and sent once when it is back', async () => {
    const emu = await service();
    const folder = root();
    const away = session(folder, clientFor('http://127.0.0.1:9'));
    const outcome = await (await away.send({ kind: 'post', channelId: GENERAL, body: 'session later' })).settled;
    expect(outcome.kind).toBe('queued');
    expect(outcome.kind === 'queued' && outcome.reason.code).toBe('network_error');
    await away.close();
    const back = session(folder, clientFor(emu.url));
    await back.resume();
    await until('sent', async () => (await copiesAt(emu, 'session later')) === 1);
    await until('the outbox empty', () => back.entries().length === 0);
    expect(await copiesAt(emu, 'session later')).toBe(1);
  });

  it('a drop while this process sends the entry stops the send: it is never sent', async () => {
    const emu = await service();
    const proxy = await holdingProxy(emu.url);
    const s = session(root(), clientFor(proxy.url));
    const { entry, settled } = await s.send({ kind: 'post', channelId: GENERAL, body: 'session dropped in flight' });
    await until('the post in flight', () => proxy.held() === 1);
    expect(await s.drop(entry.id)).toBe('dropped');
    expect((await settled).kind).toBe('dropped');
    // The stopped request's connection closes; only then is what the proxy held let through.
    await until('the held post abandoned by its client', () => proxy.abandoned() === 1);
    proxy.release();
    expect(s.entries()).toEqual([]);
    expect(await copiesAt(emu, 'session dropped in flight')).toBe(0);
  });

  it('a drop from another session (another home, another process) stops the sender too: never sent', async () => {
    const emu = await service();
    const proxy = await holdingProxy(emu.url);
    const folder = root();
    const sender = session(folder, clientFor(proxy.url));
    const { entry, settled } = await sender.send({ kind: 'post', channelId: GENERAL, body: 'session dropped elsewhere' });
    await until('the post in flight', () => proxy.held() === 1);
    const other = session(folder, clientFor(emu.url));
    expect(await other.drop(entry.id)).toBe('dropped');
    expect((await settled).kind).toBe('dropped');
    await until('the held post abandoned by its client', () => proxy.abandoned() === 1);
    proxy.release();
    await until("the sender's list updated", () => sender.entries().length === 0);
    expect(await copiesAt(emu, 'session dropped elsewhere')).toBe(0);
  });

  it('a refusal stays in the outbox, failed, with what the service said (or is dropped when asked)', async () => {
    const emu = await service();
    const s = session(root(), clientFor(emu.url));
    const kept = await (await s.send({ kind: 'post', channelId: 'c0000000-0000-4000-8000-000000000002', body: 'session refused' })).settled;
    expect(kept.kind).toBe('refused');
    expect(s.entries().map((e) => e.state)).toEqual(['failed']);
    const dropped = await (await s.send({ kind: 'post', channelId: 'c0000000-0000-4000-8000-000000000002', body: 'session refused 2' }, { dropRefused: true })).settled;
    expect(dropped.kind).toBe('refused');
    expect(s.entries()).toHaveLength(1);
  });
});

describe('one outbox per account on the machine', () => {
  it('a write queued by another home shows in an open session, and one dropped there goes', async () => {
    const folder = root();
    const here = session(folder, clientFor('http://127.0.0.1:9'));
    await here.open();
    const there = session(folder, clientFor('http://127.0.0.1:9'));
    const { entry } = await there.send({ kind: 'post', channelId: GENERAL, body: 'queued in the other home' });
    await until('the other home’s write shown here', () => here.entries().some((e) => e.id === entry.id));
    expect(await there.drop(entry.id)).toBe('dropped');
    await until('the drop shown here', () => !here.entries().some((e) => e.id === entry.id));
  });
});

describe('a session opened before any outbox file exists', () => {
  it('opens the file once another home makes it, and shows what that home queued', async () => {
    const folder = root();
    const here = session(folder, clientFor('http://127.0.0.1:9'));
    await here.resume();
    expect(here.entries()).toEqual([]);
    const there = session(folder, clientFor('http://127.0.0.1:9'));
    const { entry } = await there.send({ kind: 'post', channelId: GENERAL, body: 'the first write of this account' });
    await until('the write of the other home shown', () => here.entries().some((e) => e.id === entry.id));
  });
});
