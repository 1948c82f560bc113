// The service's API as another client sees it: to arrange data and to check what the UI did.
import type { TestEmulator } from '../../support/emulator';
import { HANG_LIMIT_MS } from '../../support/hang-limit';

export async function api(emu: TestEmulator, token: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** The service's task row numbered `n` (T-n) as stored, or undefined when there is none. */
export async function storedTask(emu: TestEmulator, n: number): Promise<Record<string, unknown> | undefined> {
  const state = await emu.control.state();
  return (state.tables.tasks ?? []).find((t) => t.number === n);
}

/**
 * Reads from the service until `done` holds for what `read` returns (a change the UI shows at once
 * may still be on its way from its outbox), and returns the last read; at the hang limit, the last
 * read as it is, for the test's own assertion to report.
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + HANG_LIMIT_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
