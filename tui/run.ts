// `wsc` (and `wsc --demo`): the interactive terminal UI. Resolves the connection (or offers the
// demo), draws on the alternate screen and restores the terminal however it ends.
import { render } from 'ink';
import { createElement } from 'react';
import { describeError } from './format';
import { App } from './App';
import { connectDemo, connectWith, planConnection, type Connected } from '../term/connect';
import { knownAccount } from '../term/offline-cache';
import { cacheOf, sanitizeTerminalLine, takeStoreNotices, terminalOfflineRoot, type ResolvedConnection } from '../shared/index';
import { connectFromFirstFrame, type FirstFrameConnection } from './connect-first-frame';
import { firstFrameKeeper, saveFirstFrame, setFirstFrame, setFirstFrameKeeper, writeFirstFrame } from './first-frame';
import { ConnectChoice } from './views/ConnectChoice';
import { KeyInput } from './input/KeyInput';
import { wantsColor } from '../term/colour';
import { localStateOf } from './local-state';
import type { PaintedStart } from './prepaint';
import { TerminalScreen } from './terminal-screen';
import { SignalExit } from './signal-exit';
import { readTuiConfig, withEnvironment, type StartView } from './config';
import { THEME_COLOURS } from './theme';
import { setTerminalFeatures } from './terminal-features';
import { applyKeyRemaps, readKeyRemaps } from './keys/key-remap';
import { hyperlinksWanted } from '../term/hyperlinks';
import type { View } from './ui-context';

/** Ink draws at most this many frames a second (its default, 30, made a key pressed just after another frame wait up to 34 ms). */
const FRAMES_PER_SECOND = 60;

export interface RunTuiOptions {
  demo?: boolean;
  argv?: string[];
  /** The saved first frame is on screen (prepaint.ts): its connection, frame and state are used. */
  painted?: PaintedStart;
  /** Listening for SIGTERM and SIGHUP since before the saved frame was painted; made here if not given. */
  signals?: SignalExit;
}

function fail(error: unknown): number {
  const d = describeError(error);
  process.stderr.write(`wsc: ${d.message}\n${d.hint ? `${d.hint}\n` : ''}`);
  return 1;
}

/** The view a start view setting names. */
export function startViewOf(start: StartView): View {
  return { kind: start };
}

async function askForDemo(baseUrl: string | null): Promise<boolean> {
  let choice = 'quit' as 'demo' | 'quit';
  const instance = render(createElement(KeyInput, { children: createElement(ConnectChoice, { baseUrl, onChoice: (c: 'demo' | 'quit') => (choice = c) }) }));
  await instance.waitUntilExit();
  return choice === 'demo';
}

/** Saves the identity and channel list the cache holds for the next start's first frame. */
function keepFirstFrame(connected: Connected, connection: { baseUrl: string; token: string } | undefined): void {
  const cache = cacheOf(connected.client);
  if (!cache || !connection) return;
  try {
    const root = terminalOfflineRoot();
    const account = knownAccount(connection.baseUrl, connection.token, root);
    if (account) writeFirstFrame(root, account, cache);
  } catch {
    // The next start opens the store before its first frame, as without a saved frame.
  }
}

export async function runTui(options: RunTuiOptions = {}): Promise<number> {
  const argv = options.argv ?? [];
  const demo = options.demo === true || argv.includes('--demo');
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('wsc: the interactive UI needs a terminal.\nUse the script subcommands instead (e.g. `wsc channels --json`), or run wsc in a terminal.\n');
    return 2;
  }
  const signals = options.signals ?? new SignalExit();
  const settings = withEnvironment(readTuiConfig());
  // Accessible mode: the line mode (tui/plain/), plain lines a screen reader reads in order.
  const accessible = settings.config.accessible;

  let connected: Connected;
  let fromFrame: FirstFrameConnection | undefined;
  let connection: Extract<ResolvedConnection, { token: string }> | undefined;
  const { painted } = options;
  try {
    if (demo) connected = await connectDemo();
    else {
      const plan = painted ? { kind: 'ready' as const, connection: painted.connection } : await planConnection();
      if (plan.kind === 'ready') connection = plan.connection;
      if (plan.kind === 'none') {
        if (!(await (accessible ? (await import('./plain/run-line-mode')).askForDemoPlainly(plan.baseUrl) : askForDemo(plan.baseUrl)))) {
          process.stdout.write('Run `wsc login` to save a profile, or set WSC_URL and WSC_TOKEN; `wsc --demo` opens the demo.\n');
          return 0;
        }
        connected = await connectDemo();
      } else connected = (fromFrame = connectFromFirstFrame(plan.connection, undefined, painted)) ?? (await connectWith(plan.connection));
    }
  } catch (error) {
    painted?.restore();
    return fail(error);
  }

  const { me } = connected;
  const state = painted?.state ?? localStateOf(connected.client.baseUrl, me);
  if (!painted) await state.load();
  if (accessible) {
    painted?.restore();
    // The offline store opens first: nothing is painted that it would have to wait behind.
    await fromFrame?.openStore();
    const { runLineMode } = await import('./plain/run-line-mode');
    return runLineMode({ connected, me, state, startView: settings.config.startView, configProblems: settings.problems, signals, warnings: fromFrame?.warnings ?? [] });
  }
  setFirstFrameKeeper(
    connection &&
      firstFrameKeeper((channels) => {
        const root = terminalOfflineRoot();
        const account = connection && knownAccount(connection.baseUrl, connection.token, root);
        if (account) saveFirstFrame(root, account, { me: current.me, channels, savedAt: Date.now() });
      }),
  );
  let storeOpened = (): void => undefined;
  setFirstFrame(fromFrame?.frame, new Promise<void>((resolve) => (storeOpened = resolve)));
  const screen = painted?.screen ?? new TerminalScreen(process.stdout);
  let current = connected;
  screen.enter();
  // tui.toml's [keys]: the bindings take the remapped keys before the first key is read.
  const keyRemaps = readKeyRemaps(settings.keys);
  applyKeyRemaps(keyRemaps.remaps);
  setTerminalFeatures({ hyperlinks: hyperlinksWanted(settings.config.hyperlinks, process.env, process.stdout.isTTY === true), theme: THEME_COLOURS[settings.config.theme] });
  // Ink draws its first frame over the painted one, as it stands: another size has other lines,
  // and so has another start view than the painted welcome text.
  if (painted?.resized() || (painted && settings.config.startView !== 'welcome')) screen.clear();
  // Keys typed while the first frame is drawn arrive as keys (in cooked mode Enter would reach the
  // UI as a line feed once it reads); the UI's own raw mode takes over from here.
  process.stdin.setRawMode(true);
  const restore = () => screen.leave();
  process.once('exit', restore);
  try {
    const props = {
      initialView: startViewOf(settings.config.startView),
      notifications: settings.config.notifications,
      configProblems: [...settings.problems, ...keyRemaps.problems.map((p) => `tui.toml line ${p.line}: ${p.message}`)],
      client: current.client,
      me,
      sourceLabel: current.sourceLabel,
      state,
      color: wantsColor(),
      suspendTerminal: <T,>(fn: () => Promise<T>) => screen.suspend(fn),
    };
    const instance = render(createElement(App, { ...props, reconnect: reconnect }), { exitOnCtrlC: true, patchConsole: true, maxFps: FRAMES_PER_SECOND });
    signals.whenSignalled(() => instance.unmount());
    // Focus in and out, for the inbox's desktop notifications (only while the terminal is not
    // focused); asked after the first frame, turned off again whenever the screen is left.
    screen.reportFocus();
    // Mouse reports (off with `mouse = false`: the terminal's own text selection then works as ever).
    if (settings.config.mouse) screen.reportMouse();
    // The first frame is on screen and keys are read (raw mode above): the offline store (SQLite)
    // loads on the next turn of the event loop, so its moment of blocking comes after that frame.
    if (fromFrame) {
      const opening = fromFrame;
      setTimeout(() => void opening.openStore().finally(storeOpened), 0);
    }
    async function reconnect(): Promise<boolean> {
      try {
        const plan = await planConnection();
        if (plan.kind === 'none') return false;
        const next = await connectWith(plan.connection);
        connection = plan.connection;
        const old = current;
        current = next;
        instance.rerender(createElement(App, { ...props, client: next.client, me: next.me, sourceLabel: next.sourceLabel, reconnect }));
        await old.close();
        return true;
      } catch {
        return false;
      }
    }
    await instance.waitUntilExit();
    return signals.status(0);
  } catch (error) {
    screen.leave();
    return fail(error);
  } finally {
    screen.leave();
    if (process.stdin.isRaw) process.stdin.setRawMode(false);
    process.off('exit', restore);
    await state.flush();
    keepFirstFrame(current, connection);
    setFirstFrame(undefined);
    setFirstFrameKeeper(undefined);
    // The outbox session ends with the UI: sending stops, what waits stays for the next run.
    await (await import('./hooks/use-inbox')).closeInboxSessions();
    await (await import('./hooks/use-outbox')).closeOutboxSessions();
    await current.close();
    for (const line of fromFrame?.warnings ?? []) process.stderr.write(`${sanitizeTerminalLine(line)}\n`);
    // Account files that could not be read were moved aside: said once the screen is back.
    for (const line of takeStoreNotices()) process.stderr.write(`wsc: ${sanitizeTerminalLine(line)}\n`);
  }
}
