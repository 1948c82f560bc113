// `wsc` (and `wsc --demo`): the interactive terminal UI. Resolves the connection (or offers the
// demo), draws on the alternate screen and restores the terminal however it ends.
import { render } from 'ink';
import { createElement } from 'react';
import { describeError } from './format';
import { App } from './App';
import { connectDemo, connectWith, planConnection, type Connected } from '../term/connect';
import { ConnectChoice } from './views/ConnectChoice';
import { KeyInput } from './input/KeyInput';
import { wantsColor } from '../term/colour';
import { LocalState, formerLocalStatePath, localStatePath } from './local-state';
import { TerminalScreen } from './terminal-screen';

export interface RunTuiOptions {
  demo?: boolean;
  argv?: string[];
}

function fail(error: unknown): number {
  const d = describeError(error);
  process.stderr.write(`wsc: ${d.message}\n${d.hint ? `${d.hint}\n` : ''}`);
  return 1;
}

async function askForDemo(baseUrl: string | null): Promise<boolean> {
  let choice = 'quit' as 'demo' | 'quit';
  const instance = render(createElement(KeyInput, { children: createElement(ConnectChoice, { baseUrl, onChoice: (c: 'demo' | 'quit') => (choice = c) }) }));
  await instance.waitUntilExit();
  return choice === 'demo';
}

export async function runTui(options: RunTuiOptions = {}): Promise<number> {
  const argv = options.argv ?? [];
  const demo = options.demo === true || argv.includes('--demo');
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('wsc: the interactive UI needs a terminal.\nUse the script subcommands instead (e.g. `wsc channels --json`), or run wsc in a terminal.\n');
    return 2;
  }

  let connected: Connected;
  try {
    if (demo) connected = await connectDemo();
    else {
      const plan = await planConnection();
      if (plan.kind === 'none') {
        if (!(await askForDemo(plan.baseUrl))) {
          process.stdout.write('Run `wsc login` to save a profile, or set WSC_URL and WSC_TOKEN; `wsc --demo` opens the demo.\n');
          return 0;
        }
        connected = await connectDemo();
      } else connected = await connectWith(plan.connection);
    }
  } catch (error) {
    return fail(error);
  }

  const { me } = connected;
  const scope = `${new URL(connected.client.baseUrl).host}-${me.workspaceId}-${me.userId}`;
  const state = new LocalState(localStatePath(scope), formerLocalStatePath(scope));
  await state.load();
  const screen = new TerminalScreen(process.stdout);
  let current = connected;
  screen.enter();
  const restore = () => screen.leave();
  process.once('exit', restore);
  try {
    const props = {
      client: current.client,
      me,
      sourceLabel: current.sourceLabel,
      state,
      color: wantsColor(),
      suspendTerminal: <T,>(fn: () => Promise<T>) => screen.suspend(fn),
    };
    const instance = render(createElement(App, { ...props, reconnect: reconnect }), { exitOnCtrlC: true, patchConsole: true });
    async function reconnect(): Promise<boolean> {
      try {
        const plan = await planConnection();
        if (plan.kind === 'none') return false;
        const next = await connectWith(plan.connection);
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
    return 0;
  } catch (error) {
    screen.leave();
    return fail(error);
  } finally {
    screen.leave();
    process.off('exit', restore);
    await state.flush();
    await current.close();
  }
}
