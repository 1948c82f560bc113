// The saved first frame on screen before Ink, React and the API layer load (they take some 150 ms
// to load on a small machine): bin/wsc.ts runs this first for `wsc`. It resolves the connection as
// the UI will, finds this account's saved frame (first-frame.ts), draws the lines Ink's first frame
// will write (painted-frame.ts) in one write, with raw mode on so keys typed meanwhile wait for the
// UI as keys. run.ts takes what was found from here and draws over the same lines. Whenever it
// cannot be sure of that frame it paints nothing, and the UI starts as without it.
import { terminalOfflineRoot, type OfflineAccount } from '../shared/prepaint';
import { wantsColor } from '../term/colour';
import { connectionLabel, planConnection, serviceBaseUrl, type ReadyConnection } from '../term/connection-plan';
import { knownAccount } from '../term/known-account';
import { readFirstFrame, type FirstFrame } from './first-frame';
import { localStateOf, type LocalState } from './local-state';
import { paintedFrameLines } from './painted-frame';
import { TerminalScreen } from './terminal-screen';

const BEGIN_SYNC = '\x1b[?2026h';
const END_SYNC = '\x1b[?2026l';
const HIDE_CURSOR = '\x1b[?25l';
const HOME = '\x1b[H';

export interface PaintedStart {
  readonly connection: ReadyConnection;
  readonly account: OfflineAccount;
  readonly frame: FirstFrame;
  /** Loaded: the unread marks were painted from it. */
  readonly state: LocalState;
  /** Entered, with the frame on it. */
  readonly screen: TerminalScreen;
  /** The terminal's size changed since the paint (Ink's first frame then has another shape). */
  resized(): boolean;
  /** Leaves the alternate screen and raw mode: the UI ended before it took the terminal over. */
  restore(): void;
}

export async function paintSavedFrame(env: NodeJS.ProcessEnv = process.env): Promise<PaintedStart | undefined> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY || !stdout.isTTY || !inkDrawsAsPainted(env)) return undefined;
  const color = wantsColor(stdout, env);
  if (color && !inkStyles(env)) return undefined;
  try {
    const plan = await planConnection(env);
    if (plan.kind !== 'ready') return undefined;
    const { connection } = plan;
    const root = terminalOfflineRoot(env);
    const account = knownAccount(connection.baseUrl, connection.token, root);
    const frame = account && readFirstFrame(root, account);
    if (!account || !frame) return undefined;
    const state = localStateOf(serviceBaseUrl(connection), frame.me);
    await state.load();
    const { columns, rows } = stdout;
    const lines = paintedFrameLines({
      me: frame.me,
      sourceLabel: connectionLabel(connection),
      channels: frame.channels.filter((c) => !c.archived),
      unread: (c) => state.isUnread(c.id, c.last_message_at),
      savedAt: frame.savedAt,
      columns,
      rows,
      color,
    });
    if (!lines) return undefined;
    const screen = new TerminalScreen(stdout);
    const restore = () => {
      screen.leave();
      if (stdin.isRaw) stdin.setRawMode(false);
    };
    process.once('exit', restore);
    // Raw before the frame shows: a key typed as soon as it is seen is already a key, not a line.
    stdin.setRawMode(true);
    screen.enter(BEGIN_SYNC + HIDE_CURSOR + lines.join('\n') + HOME + END_SYNC);
    return { connection, account, frame, state, screen, restore, resized: () => stdout.columns !== columns || stdout.rows !== rows };
  } catch {
    return undefined;
  }
}

const set = (env: NodeJS.ProcessEnv, name: string) => name in env && env[name] !== '0' && env[name] !== 'false';

/** Ink draws no frame at all in CI (is-in-ci) and other lines for a screen reader. */
function inkDrawsAsPainted(env: NodeJS.ProcessEnv): boolean {
  return !set(env, 'CI') && !set(env, 'CONTINUOUS_INTEGRATION') && env.INK_SCREEN_READER !== 'true';
}

/** Ink's colours (chalk) surely style on this terminal: no forced level, and a TERM chalk knows. */
function inkStyles(env: NodeJS.ProcessEnv): boolean {
  if ('FORCE_COLOR' in env || 'TEAMCITY_VERSION' in env || 'CI' in env) return false;
  return /-256(color)?$/i.test(env.TERM ?? '') || /^screen|^xterm|^vt100|^vt220|^rxvt|color|ansi|cygwin|linux/i.test(env.TERM ?? '');
}
