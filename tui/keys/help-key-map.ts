// The help overlay's keys as a pure map from a key and where the text is scrolled to what it asks
// for (unit-tested without a screen): Esc, ? or q closes, j/k and the arrows scroll a line, Space
// and PgDn/PgUp a page.
import type { Key } from 'ink';
import { scrollKeyTop } from './list-key-map';

export type HelpKeyAction = { kind: 'close' } | { kind: 'scroll'; top: number };

export interface HelpKeyState {
  /** The first line shown. */
  top: number;
  /** Lines shown at once. */
  page: number;
  /** The last possible first line. */
  maxTop: number;
}

export function helpKeyAction(input: string, key: Pick<Key, 'escape' | 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown'>, state: HelpKeyState): HelpKeyAction | null {
  if (key.escape || input === '?' || input === 'q') return { kind: 'close' };
  const top = scrollKeyTop(input, key, state.top, state.page, state.maxTop);
  return top === null || top === state.top ? null : { kind: 'scroll', top };
}
