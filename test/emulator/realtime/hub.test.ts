// The realtime hub on its own http server, driven by the real @supabase/realtime-js client.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RealtimeHub } from '../../../emulator/realtime/hub';
import { WakeTopics } from '../../../emulator/realtime/topics';

const ANON = 'anon-test-key';
type Transport = NonNullable<ConstructorParameters<typeof RealtimeClient>[1]>['transport'];

let server: Server;
let hub: RealtimeHub;
let topics: WakeTopics;
let now: number;
let base: string;
const clients: RealtimeClient[] = [];

beforeEach(async () => {
  now = Date.UTC(2025, 0, 1);
  topics = new WakeTopics({ refreshMs: 60_000, now: () => now });
  hub = new RealtimeHub({ anonKey: ANON, resolveTopic: (t) => topics.resolve(t) });
  server = createServer((_req, res) => res.writeHead(404).end());
  hub.attach(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1`;
});

afterEach(async () => {
  for (const c of clients.splice(0)) {
    for (const ch of c.getChannels()) ch.teardown();
    void c.disconnect();
  }
  hub.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

function client(vsn: '1.0.0' | '2.0.0', apikey = ANON): RealtimeClient {
  const c = new RealtimeClient(base, { params: { apikey }, vsn, transport: WebSocket as unknown as Transport });
  clients.push(c);
  return c;
}

function subscribe(ch: RealtimeChannel): Promise<{ status: string; err?: Error }> {
  return new Promise((resolve) => ch.subscribe((status, err) => resolve({ status, err })));
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(['1.0.0', '2.0.0'] as const)('realtime hub, vsn %s', (vsn) => {
  it('subscribes to a current wake topic and receives content-free wakes', async () => {
    const owner = { workspaceId: 'w1', personId: 'p1' };
    const topic = topics.issue(owner);
    const c = client(vsn);
    const wakes: unknown[] = [];
    const ch = c.channel(topic).on('broadcast', { event: 'wake' }, (msg) => wakes.push(msg));
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    expect(hub.stats()).toMatchObject({ connections: 1, subscriptions: 1 });

    expect(hub.wakeWorkspace('other-workspace')).toBe(0);
    expect(hub.wakeWorkspace('w1')).toBe(1);
    await until(() => wakes.length === 1, 'a wake');
    expect(wakes[0]).toEqual({ type: 'broadcast', event: 'wake', payload: {} });
  });

  it('answers heartbeats', async () => {
    const topic = topics.issue({ workspaceId: 'w1', personId: 'p1' });
    const c = client(vsn);
    const beats: string[] = [];
    c.onHeartbeat((status) => beats.push(status));
    expect((await subscribe(c.channel(topic))).status).toBe('SUBSCRIBED');
    c.sendHeartbeat();
    await until(() => beats.includes('ok'), 'a heartbeat reply');
  });

  it('refuses an unknown topic and an unknown apikey with an error reply', async () => {
    const topic = topics.issue({ workspaceId: 'w1', personId: 'p1' });
    const wrongTopic = await subscribe(client(vsn).channel('wake-not-a-real-topic'));
    expect(wrongTopic.status).toBe('CHANNEL_ERROR');
    expect(wrongTopic.err?.message).toMatch(/GET \/api\/v1\/me\/wake/);
    const wrongKey = await subscribe(client(vsn, 'not-the-key').channel(topic));
    expect(wrongKey.status).toBe('CHANNEL_ERROR');
    expect(wrongKey.err?.message).toMatch(/apikey/);
    expect(hub.stats().subscriptions).toBe(0);
  });

  it('expires a rotated-away topic with phx_error; the previous period stays valid', async () => {
    const owner = { workspaceId: 'w1', personId: 'p1' };
    const topic = topics.issue(owner);
    const c = client(vsn);
    const states: string[] = [];
    const ch = c.channel(topic);
    await new Promise<void>((resolve) =>
      ch.subscribe((s) => {
        states.push(s);
        if (s === 'SUBSCRIBED') resolve();
      }),
    );
    now += 60_000; // one period on: the old topic is still valid
    expect(hub.expireStale()).toBe(0);
    expect(topics.issue(owner)).not.toBe(topic);
    now += 60_000; // two periods on: expired
    expect(hub.expireStale()).toBe(1);
    await until(() => states.includes('CHANNEL_ERROR'), 'CHANNEL_ERROR after expiry');
    expect(hub.stats().subscriptions).toBe(0);
  });
});

describe('realtime hub, raw frames', () => {
  function raw(query: string): Promise<WebSocket> {
    const ws = new WebSocket(`${base}/websocket?${query}`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  }
  function next(ws: WebSocket): Promise<unknown> {
    return new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
  }

  it('replies to heartbeats, leaves and unmatched topics; ignores garbage', async () => {
    const ws = await raw(`apikey=${ANON}&vsn=2.0.0`);
    ws.send('not json');
    ws.send(JSON.stringify({ not: 'an array' }));
    ws.send(Buffer.from([4, 1, 2, 3]), { binary: true });
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await next(ws)).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    ws.send(JSON.stringify(['2', '2', 'realtime:x', 'broadcast', {}]));
    expect(await next(ws)).toEqual(['2', '2', 'realtime:x', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);
    ws.send(JSON.stringify(['2', '3', 'realtime:x', 'phx_leave', {}]));
    expect(await next(ws)).toEqual(['2', '3', 'realtime:x', 'phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });

  it('speaks JSON objects on vsn 1.0.0', async () => {
    const ws = await raw(`apikey=${ANON}&vsn=1.0.0`);
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7', join_ref: null }));
    expect(await next(ws)).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '7', join_ref: null });
    ws.close();
  });

  it('refuses an unknown vsn and other paths at upgrade', async () => {
    await expect(raw('apikey=x&vsn=9.9.9')).rejects.toThrow(/400/);
    const other = new WebSocket(base.replace('/realtime/v1', '/elsewhere'));
    await expect(new Promise((_r, reject) => other.once('error', reject))).rejects.toThrow(/404/);
  });

  it('drops idle sockets and keeps memory bounded per socket', async () => {
    hub.close();
    hub = new RealtimeHub({ anonKey: ANON, resolveTopic: (t) => topics.resolve(t), idleMs: 50, sweepMs: 20, maxChannelsPerSocket: 2 });
    hub.attach(server);
    const ws = await raw(`apikey=${ANON}&vsn=2.0.0`);
    const owner = (n: number) => ({ workspaceId: 'w1', personId: `p${n}` });
    const replies: unknown[] = [];
    ws.on('message', (d) => replies.push(JSON.parse(String(d))));
    for (let n = 0; n < 3; n++) ws.send(JSON.stringify([`${n}`, `${n}`, `realtime:${topics.issue(owner(n))}`, 'phx_join', {}]));
    await until(() => replies.length === 3, 'three join replies');
    const statuses = replies.map((r) => ((r as unknown[])[4] as { status: string }).status);
    expect(statuses).toEqual(['ok', 'ok', 'error']);
    const closed = new Promise<void>((r) => ws.once('close', () => r()));
    await closed; // no heartbeat within idleMs
    expect(hub.stats()).toEqual({ connections: 0, subscriptions: 0, topics: 0 });
  });
});
