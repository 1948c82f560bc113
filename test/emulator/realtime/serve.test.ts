// The doorbell through a real `wsc serve` process (built by `node esbuild.mjs`): a message posted
// over REST rings the realtime-js subscriber, and SIGTERM stops the service with a socket open.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { expect, it } from 'vitest';
import type { WakeCoordinates } from '../../../shared/contract';
import { spawnEmulator } from '../../support/emulator';

type Transport = NonNullable<ConstructorParameters<typeof RealtimeClient>[1]>['transport'];
const built = existsSync(join(__dirname, '..', '..', '..', 'dist', 'wsc.js'));

it.skipIf(!built)('wsc serve: REST post -> wake on the realtime socket; SIGTERM with the socket open', async () => {
  const emu = await spawnEmulator();
  const headers = { authorization: 'Bearer hpt_member_rw', 'content-type': 'application/json' };
  const c = (await (await fetch(`${emu.url}/api/v1/me/wake`, { headers })).json()) as WakeCoordinates;
  const client = new RealtimeClient(c.url, { params: { apikey: c.anonKey }, transport: WebSocket as unknown as Transport });
  let wakes = 0;
  const ch = client.channel(c.topic).on('broadcast', { event: 'wake' }, () => (wakes += 1));
  try {
    await new Promise<void>((resolve, reject) => ch.subscribe((s, e) => (s === 'SUBSCRIBED' ? resolve() : reject(e ?? new Error(s)))));
    const posted = await fetch(`${emu.url}/api/v1/channels/c0000000-0000-4000-8000-000000000001/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ body: 'ring the bell' }),
    });
    expect(posted.status).toBe(201);
    for (let i = 0; i < 300 && wakes === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(wakes).toBe(1);
  } finally {
    await emu.stop(); // SIGTERM while the websocket is still open
    ch.teardown();
    void client.disconnect();
  }
  expect(emu.child?.exitCode).toBe(0); // a clean stop, not a kill
});
