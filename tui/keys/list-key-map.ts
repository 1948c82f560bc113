// The keys every list and every scrolling text share, as pure maps (unit-tested without a screen):
// a list moves by one and opens the selected row; a text scrolls by a line or a page.
import type { Key } from 'ink';
import type { KeyHelp } from './key-binding';

export type ListKeyAction = { kind: 'move'; by: 1 | -1 } | { kind: 'open' };

export function listKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'return'>): ListKeyAction | null {
  if (key.downArrow || input === 'j') return { kind: 'move', by: 1 };
  if (key.upArrow || input === 'k') return { kind: 'move', by: -1 };
  if (key.return) return { kind: 'open' };
  return null;
}

/** The first line shown after a scrolling key, or null when the key does not scroll. */
export function scrollKeyTop(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown'>, top: number, page: number, maxTop: number): number | null {
  const clamp = (t: number) => Math.max(0, Math.min(maxTop, t));
  if (key.downArrow || input === 'j') return clamp(top + 1);
  if (key.upArrow || input === 'k') return clamp(top - 1);
  if (key.pageDown || input === ' ') return clamp(top + page);
  if (key.pageUp) return clamp(top - page);
  return null;
}

/** The help's line for the lists of messages found elsewhere (mentions, search hits). */
export const MESSAGE_LIST_KEY_HELP: KeyHelp[] = [{ keys: 'Enter', what: 'open the message where it lives: its channel, selected (a reply: its thread)' }];
