// How `wsc` runs in accessible mode once connected (run.ts chooses it): the line mode on the
// terminal as it is (no alternate screen, no raw mode), then what the full-screen UI also does when
// it ends — the local state saved, the connection closed, the store's notices said.
import { sanitizeTerminalLine, takeStoreNotices, term, type Identity, type SafeText } from '../../shared/index';
import type { Connected } from '../../term/connect';
import { askPlainChoice } from '../../term/plain-prompt';
import type { StartView } from '../../term/tui-config';
import type { LocalState } from '../local-state';
import type { SignalExit } from '../signal-exit';
import { runLineFace } from './line-face';

export interface LineModeOptions {
  connected: Connected;
  me: Identity;
  state: LocalState;
  startView: StartView;
  /** What was wrong in tui.toml: said first. */
  configProblems: readonly string[];
  signals: SignalExit;
  warnings?: readonly string[];
}

export async function runLineMode(options: LineModeOptions): Promise<number> {
  const { connected, state, signals } = options;
  const { stdin } = process;
  if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
  signals.inputEndIsQuit();
  for (const problem of options.configProblems) process.stdout.write(`${sanitizeTerminalLine(problem)}\n`);
  try {
    const code = await runLineFace({
      client: connected.client,
      me: options.me,
      sourceLabel: connected.sourceLabel,
      state,
      startView: options.startView,
      input: stdin,
      output: process.stdout,
      onEndRequest: (end) => signals.whenSignalled(end),
    });
    return signals.status(code);
  } finally {
    await state.flush();
    await connected.close();
    for (const line of options.warnings ?? []) process.stderr.write(`${sanitizeTerminalLine(line)}\n`);
    for (const line of takeStoreNotices()) process.stderr.write(`wsc: ${sanitizeTerminalLine(line)}\n`);
  }
}

/** Accessible mode's question when no connection is set up: the demo, or quit (then `wsc login`). */
export async function askForDemoPlainly(baseUrl: string | null): Promise<boolean> {
  const why: SafeText = baseUrl ? term`WSC_URL is ${sanitizeTerminalLine(baseUrl)}, but no token is set for it.` : term`Neither WSC_URL and WSC_TOKEN nor a saved profile was found.`;
  const chosen = await askPlainChoice(
    term`wsc is not connected to a workspace. ${why} What now?`,
    [term`Open the built-in demo workspace (a local service in this process).`, term`Quit, then run \`wsc login\` (or set WSC_URL and WSC_TOKEN) and start wsc again.`],
    { input: process.stdin, output: process.stdout },
  );
  return chosen === 0;
}
