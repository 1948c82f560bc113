// One key binding, written once: the keys that ask for an action and the help text that says what
// it does. A keymap matches keys through its bindings, and the help overlay, the footer hint and the
// README's key table are made from the same entries, so what they say is what the keys do.
import type { Key } from 'ink';

export interface KeyHelp {
  keys: string;
  what: string;
}

export interface KeyBinding<A extends string = string> {
  /** The keys as the help writes them: a character ('b', 'G', '?'), or Enter, Esc, Tab, Shift+Tab, Space, ↑ ↓ ← →, PgUp, PgDn, Home, End, Ctrl+<letter>. */
  keys: readonly string[];
  action: A;
  /** What it does, for the help (none: another line of the help says it). */
  help?: string;
  /** The keys as the help shows them, where the list of keys would say less ("1–5  0"). */
  label?: string;
  /** The footer's word for it when the footer names it. */
  hint?: string;
  /** The root README's key table lists it. */
  readme?: boolean;
}

const NAMED: Readonly<Record<string, (input: string, key: Key) => boolean>> = {
  Enter: (_i, k) => k.return && !k.meta,
  Esc: (_i, k) => k.escape,
  Tab: (_i, k) => k.tab && !k.shift,
  'Shift+Tab': (_i, k) => k.tab && k.shift,
  Space: (i, k) => i === ' ' && !k.ctrl && !k.meta,
  '↑': (_i, k) => k.upArrow,
  '↓': (_i, k) => k.downArrow,
  '←': (_i, k) => k.leftArrow,
  '→': (_i, k) => k.rightArrow,
  PgUp: (_i, k) => k.pageUp,
  PgDn: (_i, k) => k.pageDown,
  Home: (_i, k) => k.home,
  End: (_i, k) => k.end,
};

/** Whether the key pressed is the one `name` writes. A character never matches with Ctrl or Alt held. */
export function keyMatches(name: string, input: string, key: Key): boolean {
  const named = NAMED[name];
  if (named) return named(input, key);
  const ctrl = /^Ctrl\+(.)$/.exec(name);
  if (ctrl) return key.ctrl && input === ctrl[1]?.toLowerCase();
  return input === name && !key.ctrl && !key.meta;
}

/** Whether `name` is a key this module can match (a typo in a keymap or a config is caught by tests and at start). */
export function isKeyName(name: string): boolean {
  return name in NAMED || /^Ctrl\+[A-Za-z]$/.test(name) || [...name].length === 1;
}

const ALIASES: Readonly<Record<string, string>> = {
  enter: 'Enter', return: 'Enter', esc: 'Esc', escape: 'Esc', tab: 'Tab', 'shift+tab': 'Shift+Tab', space: 'Space',
  up: '↑', down: '↓', left: '←', right: '→', pgup: 'PgUp', pageup: 'PgUp', pgdn: 'PgDn', pagedown: 'PgDn', home: 'Home', end: 'End',
};

/** The key name a person wrote (a config file: "ctrl+r", "enter", "up", "G") as the help writes it, or null when it names no key. */
export function parseKeyName(text: string): string | null {
  const t = text.trim();
  if (t !== '' && [...t].length === 1) return t;
  if (t in NAMED) return t;
  const lower = t.toLowerCase();
  const alias = ALIASES[lower];
  if (alias !== undefined) return alias;
  const ctrl = /^ctrl\+([a-z])$/.exec(lower);
  return ctrl ? `Ctrl+${(ctrl[1] ?? '').toUpperCase()}` : null;
}

/** The action of the first binding whose keys include the key pressed, or null. */
export function boundAction<A extends string>(bindings: readonly KeyBinding<A>[], input: string, key: Key): A | null {
  for (const b of bindings) if (b.keys.some((name) => keyMatches(name, input, key))) return b.action;
  return null;
}

/** The keys of a binding as the help shows them. */
export function keyLabel(binding: KeyBinding): string {
  return binding.label ?? binding.keys.join('  ');
}

/** The help lines of the bindings that carry help text. */
export function keyHelp(bindings: readonly KeyBinding[]): KeyHelp[] {
  return bindings.flatMap((b) => (b.help === undefined ? [] : [{ keys: keyLabel(b), what: b.help }]));
}
