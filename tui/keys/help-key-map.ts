// The help overlay's keys as a pure map from a key and where the text is scrolled to what it asks
// for (unit-tested without a screen): Esc, ? or q closes, j/k and the arrows scroll a line, Space
// and PgDn/PgUp a page.
import type { Key } from 'ink';
import { boundAction, type KeyBinding } from './key-binding';
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

/** The overlay's own key; it scrolls with ScrollingText's keys (SCROLL_KEYS). */
export const HELP_KEYS: readonly KeyBinding<'close'>[] = [{ keys: ['Esc', '?', 'q'], action: 'close', hint: 'closes' }];

/** The overlay's title hint ("Esc closes"). */
export function helpCloseHint(): string {
  const close = HELP_KEYS[0];
  return close ? `${close.keys[0] ?? ''} ${close.hint ?? ''}` : '';
}

export function helpKeyAction(input: string, key: Pick<Key, 'escape' | 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown'>, state: HelpKeyState): HelpKeyAction | null {
  if (boundAction(HELP_KEYS, input, key) === 'close') return { kind: 'close' };
  const top = scrollKeyTop(input, key, state.top, state.page, state.maxTop);
  return top === null || top === state.top ? null : { kind: 'scroll', top };
}
