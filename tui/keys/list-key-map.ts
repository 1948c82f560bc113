// The keys every list and every scrolling text share, as bindings and pure maps (unit-tested
// without a screen): a list moves by one and opens the selected row; a text scrolls by a line or a page.
import type { Key } from 'ink';
import { boundAction, keyLabel, type KeyBinding, type KeyHelp } from './key-binding';

export type ListKeyAction = { kind: 'move'; by: 1 | -1 } | { kind: 'open' };

/** A list's keys (the help names them in "Everywhere": the selection moves the same in every list). */
export const LIST_KEYS: readonly KeyBinding<'down' | 'up' | 'open'>[] = [
  { keys: ['↓', 'j'], action: 'down' },
  { keys: ['↑', 'k'], action: 'up' },
  { keys: ['Enter'], action: 'open' },
];

export function listKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'return'> & Partial<Key>): ListKeyAction | null {
  const name = boundAction(LIST_KEYS, input, key);
  if (name === null) return null;
  return name === 'open' ? { kind: 'open' } : { kind: 'move', by: name === 'down' ? 1 : -1 };
}

/** A scrolling text's keys (a task's or a run event's details, a doc, the help); one help line says them all. */
export const SCROLL_KEYS: readonly KeyBinding<'line-down' | 'line-up' | 'page-down' | 'page-up'>[] = [
  { keys: ['↓', 'j'], action: 'line-down', label: 'j k  Space  PgUp PgDn', help: 'scroll (↑ ↓ too)' },
  { keys: ['↑', 'k'], action: 'line-up' },
  { keys: ['PgDn', 'Space'], action: 'page-down' },
  { keys: ['PgUp'], action: 'page-up' },
];

/** The first line shown after a scrolling key, or null when the key does not scroll. */
export function scrollKeyTop(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'pageUp' | 'pageDown'> & Partial<Key>, top: number, page: number, maxTop: number): number | null {
  const clamp = (t: number) => Math.max(0, Math.min(maxTop, t));
  const name = boundAction(SCROLL_KEYS, input, key);
  if (name === null) return null;
  return clamp(top + SCROLL_BY[name](page));
}

const SCROLL_BY: Record<'line-down' | 'line-up' | 'page-down' | 'page-up', (page: number) => number> = { 'line-down': () => 1, 'line-up': () => -1, 'page-down': (p) => p, 'page-up': (p) => -p };

/** The help's line for the lists of messages found elsewhere (mentions, search hits): their Enter (after tui.toml's remaps). */
export function messageListKeyHelp(): KeyHelp[] {
  return [{ keys: keyLabel(LIST_KEYS[2] as KeyBinding), what: 'open the message where it lives: its channel, selected (a reply: its thread)' }];
}
