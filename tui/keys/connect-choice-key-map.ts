// The "not connected" screen's keys as bindings and a pure map (unit-tested without a screen): d or
// Enter opens the built-in demo, q or Esc quits (to run `wsc login`). The screen's lines are their help.
import type { Key } from 'ink';
import { boundAction, keyHelp, type KeyBinding, type KeyHelp } from './key-binding';

export type ConnectChoiceKeyAction = { kind: 'demo' } | { kind: 'quit' };

export const CONNECT_CHOICE_KEYS: readonly KeyBinding<'demo' | 'quit'>[] = [
  { keys: ['d', 'Enter'], action: 'demo', label: 'd (or Enter)', help: 'open the built-in demo workspace (a local service in this process)' },
  { keys: ['q', 'Esc'], action: 'quit', label: 'q', help: 'quit, then run `wsc login` (or set WSC_URL and WSC_TOKEN) and start wsc again' },
];

export function connectChoiceKeyAction(input: string, key: Pick<Key, 'return' | 'escape'> & Partial<Key>): ConnectChoiceKeyAction | null {
  const name = boundAction(CONNECT_CHOICE_KEYS, input, key);
  // Alt+Enter opens the demo too, as Enter.
  if (name === 'demo' || (name === null && key.return)) return { kind: 'demo' };
  return name === 'quit' ? { kind: 'quit' } : null;
}

/** The screen's lines for these keys. */
export const connectChoiceKeyHelp = (): KeyHelp[] => keyHelp(CONNECT_CHOICE_KEYS);
