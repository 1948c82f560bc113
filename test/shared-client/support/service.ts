import { request } from 'undici';
import { createEmulator } from '../../../emulator/server';
import type { Fixture } from '../../../emulator/fixture';

export interface Service {
  url: string;
  /** POST to the control API (`/_emulator/...`). */
  control(path: string, body?: unknown): Promise<unknown>;
  /** GET /_emulator/state. */
  state(): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** The local service in-process on a free loopback port, loaded with `fixture`. */
export async function startService(fixture: Record<string, unknown>): Promise<Service> {
  const emulator = await createEmulator({ fixture: fixture as unknown as Fixture });
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const res = await request(`${emulator.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`control ${method} ${path}: HTTP ${res.statusCode} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return {
    url: emulator.url,
    control: (path, body) => call('POST', path, body ?? {}),
    state: async () => (await call('GET', '/_emulator/state')) as Record<string, unknown>,
    stop: () => emulator.close(),
  };
}
