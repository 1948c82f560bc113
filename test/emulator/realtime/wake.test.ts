// GET /me/wake and the emulator's realtime websocket, driven by the real @supabase/realtime-js
// client and by the Doorbell, on both protocol versions.
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type RunningEmulator } from '../../../emulator/server';
import { postMessage } from '../../../emulator/store/messages';
import { Doorbell, type DoorbellCue } from '../../../shared/live/doorbell';
import type { WakeCoordinates } from '../../../shared/contract';
import { loadFixture } from '../../support/emulator';

type Transport = NonNullable<ConstructorParameters<typeof RealtimeClient>[1]>['transport'];
const OWNER = 'a0000000-0000-4000-8000-000000000001';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const PERIOD = 5 * 60_000;

let emu: RunningEmulator;

beforeAll(async () => {
  emu = await createEmulator({ fixture: loadFixture('basic') });
});
afterAll(async () => {
  await emu.close();
});

async function wake(token = 'hpt_member_rw'): Promise<WakeCoordinates> {
  const res = await fetch(`${emu.url}/api/v1/me/wake`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as WakeCoordinates;
}

function post(body: string): void {
  postMessage(emu.svc, { channelId: GENERAL, authorId: OWNER, authorKind: 'person', body });
}

async function advanceClock(ms: number): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-key': emu.controlKey },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(res.ok).toBe(true);
}

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('GET /api/v1/me/wake', () => {
  it('answers the coordinates of a secret per-person topic', async () => {
    const a = await wake('hpt_member_rw');
    expect(a).toMatchObject({ event: 'wake', refreshMs: PERIOD });
    expect(a.url).toBe(`${emu.url.replace('http', 'ws')}/realtime/v1`);
    expect(a.anonKey).toMatch(/^anon_/);
    expect(a.topic).toMatch(/^wake-[0-9a-f]{40}$/);
    expect((await wake('hpt_member_read')).topic).toBe(a.topic); // same person, other token
    expect((await wake('hpt_owner_all')).topic).not.toBe(a.topic);
  });

  it('needs a valid token', async () => {
    const res = await fetch(`${emu.url}/api/v1/me/wake`, { headers: { authorization: 'Bearer hpt_revoked' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });
});

describe.each(['1.0.0', '2.0.0'] as const)('real realtime-js client, vsn %s', (vsn) => {
  it('subscribes, answers heartbeats, and rings on every posted message', async () => {
    const c = await wake();
    const client = new RealtimeClient(c.url, { params: { apikey: c.anonKey }, vsn, transport: WebSocket as unknown as Transport });
    const beats: string[] = [];
    client.onHeartbeat((s) => beats.push(s));
    const wakes: unknown[] = [];
    const ch: RealtimeChannel = client.channel(c.topic).on('broadcast', { event: c.event }, (m) => wakes.push(m));
    try {
      await new Promise<void>((resolve, reject) =>
        ch.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve() : reject(err ?? new Error(s)))),
      );
      client.sendHeartbeat();
      await until(() => beats.includes('ok'), 'heartbeat ok');
      post('hello @maria');
      post('second message');
      await until(() => wakes.length === 2, 'two wakes');
      expect(wakes).toEqual([
        { type: 'broadcast', event: 'wake', payload: {} },
        { type: 'broadcast', event: 'wake', payload: {} },
      ]);
    } finally {
      ch.teardown();
      void client.disconnect();
    }
  });

  it('refuses a topic that is not a current wake topic', async () => {
    const c = await wake();
    const client = new RealtimeClient(c.url, { params: { apikey: c.anonKey }, vsn, transport: WebSocket as unknown as Transport });
    const ch = client.channel('wake-0000000000000000000000000000000000000000');
    try {
      const err = await new Promise<Error | undefined>((resolve) => ch.subscribe((s, e) => s === 'CHANNEL_ERROR' && resolve(e)));
      expect(err?.message).toMatch(/Unknown or expired topic/);
    } finally {
      ch.teardown();
      void client.disconnect();
    }
  });

  it('Doorbell cues on subscribe and on every wake, and switches topics after rotation', async () => {
    const cues: DoorbellCue[] = [];
    const topics: string[] = [];
    const bell = new Doorbell({
      vsn,
      minRefetchGapMs: 0,
      fetchCoordinates: async () => {
        const c = await wake();
        topics.push(c.topic);
        return c;
      },
      onCue: (reason) => cues.push(reason),
    });
    bell.start();
    try {
      await until(() => cues.includes('subscribed'), 'first SUBSCRIBED');
      const first = bell.currentTopic;
      post('ring');
      await until(() => cues.includes('wake'), 'a wake cue');

      // Two periods on, the joined topic expires: the service sends phx_error, the Doorbell
      // re-fetches and joins the new topic.
      await advanceClock(2 * PERIOD);
      await until(() => bell.currentTopic !== first && cues.filter((c) => c === 'subscribed').length >= 2, 'a new subscription');
      expect(new Set(topics).size).toBeGreaterThanOrEqual(2);
      const before = cues.filter((c) => c === 'wake').length;
      post('ring again');
      await until(() => cues.filter((c) => c === 'wake').length > before, 'a wake on the new topic');
    } finally {
      await bell.stop();
    }
  });
});

describe('Doorbell', () => {
  it('retries failed coordinate fetches and stops cleanly', async () => {
    let calls = 0;
    const statuses: string[] = [];
    const bell = new Doorbell({
      backoff: { baseMs: 10, maxMs: 10 },
      minRefetchGapMs: 0,
      fetchCoordinates: async () => {
        calls += 1;
        if (calls < 3) throw new Error('service not up yet');
        return wake();
      },
      onCue: () => {},
      onStatus: (s) => statuses.push(s),
    });
    bell.start();
    await until(() => statuses.includes('subscribed'), 'subscribed after retries');
    expect(statuses.filter((s) => s === 'retrying').length).toBe(2);
    await bell.stop();
    expect(statuses.at(-1)).toBe('stopped');
    await bell.stop(); // twice is fine
  });

  it('accepts an http(s) project URL', async () => {
    const { realtimeEndpoint } = await import('../../../shared/live/realtime-endpoint');
    expect(realtimeEndpoint('https://x.example.co')).toBe('wss://x.example.co/realtime/v1');
    expect(realtimeEndpoint('http://127.0.0.1:5/')).toBe('ws://127.0.0.1:5/realtime/v1');
    expect(realtimeEndpoint('ws://127.0.0.1:5/realtime/v1')).toBe('ws://127.0.0.1:5/realtime/v1');
    expect(() => realtimeEndpoint('ftp://x')).toThrow(/http\(s\) or ws\(s\)/);
  });
});
