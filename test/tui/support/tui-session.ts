// The set-up every pty suite shares: the built wsc in a pseudo-terminal against its own local
// service, signed in as Maria, ready once the header and the sidebar's channels are drawn.
import { startEmulator, type StartOptions, type TestEmulator } from '../../support/emulator';
import { PtyApp, ensureBuilt } from './pty-app';

export const MARIA = 'hpt_member_rw';

export interface TuiSession {
  emu: TestEmulator;
  app: PtyApp;
}

export interface TuiSessionOptions {
  fixture?: StartOptions['fixture'];
  size?: { cols: number; rows: number };
  /** More environment (EDITOR, NO_COLOR …); WSC_URL and WSC_TOKEN are set unless given here. */
  env?: (emu: TestEmulator) => Record<string, string>;
  cwd?: string;
  /** Screen text that says the UI is ready (the header and the first channel unless given). */
  ready?: (string | RegExp)[];
}

export async function startTui(options: TuiSessionOptions = {}): Promise<TuiSession> {
  ensureBuilt();
  const emu = await startEmulator(options.fixture === undefined ? {} : { fixture: options.fixture });
  const env = { WSC_URL: emu.url, WSC_TOKEN: MARIA, ...options.env?.(emu) };
  const app = new PtyApp([], env, options.size, options.cwd === undefined ? {} : { cwd: options.cwd });
  for (const text of options.ready ?? ['Maria Member (@maria) in', 'general']) await app.waitFor(text);
  return { emu, app };
}

/** Quits the UI and stops its service (either may be missing when the set-up failed). */
export async function closeTui(session: Partial<TuiSession>): Promise<void> {
  try {
    await session.app?.quit();
  } finally {
    await session.emu?.stop();
  }
}

export interface OfflineStart {
  /** The second run, started on the first run's home while the service is stopped. */
  app: PtyApp;
  /** Starts the service again on the same port (the same fixture unless given). */
  serviceBack: (fixture?: StartOptions['fixture']) => Promise<TestEmulator>;
}

/**
 * A first run that reads with the service up (`read` types what it opens; the cache keeps it), then
 * quits; the service stops and the UI starts again on the same home, from the offline cache.
 */
export async function startFromCache(options: { fixture?: StartOptions['fixture']; read: (app: PtyApp) => Promise<void> }): Promise<OfflineStart> {
  ensureBuilt();
  const fixture = options.fixture === undefined ? {} : { fixture: options.fixture };
  const emu = await startEmulator(fixture);
  const port = Number(new URL(emu.url).port);
  const first = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA });
  try {
    await first.waitFor('general');
    await options.read(first);
  } finally {
    await first.quit();
    await emu.stop();
  }
  const home = first.home;
  const app = new PtyApp([], { WSC_URL: `http://127.0.0.1:${port}`, WSC_TOKEN: MARIA }, undefined, { home });
  return { app, serviceBack: (again) => startEmulator({ port, ...(again === undefined ? fixture : { fixture: again }) }) };
}
