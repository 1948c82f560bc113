// The service's API as another client sees it: to arrange data and to check what the UI did.
import type { TestEmulator } from '../../support/emulator';

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
