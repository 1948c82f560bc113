// The "not connected" screen's keys as a pure map (unit-tested without a screen): d or Enter opens
// the built-in demo, q or Esc quits (to run `wsc login`).
import type { Key } from 'ink';

export type ConnectChoiceKeyAction = { kind: 'demo' } | { kind: 'quit' };

export function connectChoiceKeyAction(input: string, key: Pick<Key, 'return' | 'escape'>): ConnectChoiceKeyAction | null {
  if (input === 'd' || key.return) return { kind: 'demo' };
  if (input === 'q' || key.escape) return { kind: 'quit' };
  return null;
}
