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

/** A keymap may be handed only the flags it reads (a missing flag is off). */
export type KeyFlags = Partial<Key>;

const NAMED: Readonly<Record<string, (input: string, key: KeyFlags) => boolean>> = {
  Enter: (_i, k) => k.return === true && k.meta !== true,
  // Alt+Enter arrives as ESC CR (meta + return); Ctrl+J as a bare LF.
  'Alt+Enter': (_i, k) => k.return === true && k.meta === true,
  'Ctrl+J': (i, k) => i === '\n' || (k.ctrl === true && i === 'j'),
  Esc: (_i, k) => k.escape === true,
  Tab: (_i, k) => k.tab === true && k.shift !== true,
  'Shift+Tab': (_i, k) => k.tab === true && k.shift === true,
  Space: (i, k) => i === ' ' && k.ctrl !== true && k.meta !== true,
  '↑': (_i, k) => k.upArrow === true,
  '↓': (_i, k) => k.downArrow === true,
  '←': (_i, k) => k.leftArrow === true,
  '→': (_i, k) => k.rightArrow === true,
  PgUp: (_i, k) => k.pageUp === true,
  PgDn: (_i, k) => k.pageDown === true,
  Home: (_i, k) => k.home === true,
  End: (_i, k) => k.end === true,
};

/** Whether the key pressed is the one `name` writes. A character never matches with Ctrl or Alt held. */
export function keyMatches(name: string, input: string, key: KeyFlags): boolean {
  const named = NAMED[name];
  if (named) return named(input, key);
  const ctrl = /^Ctrl\+(.)$/.exec(name);
  if (ctrl) return key.ctrl === true && input === ctrl[1]?.toLowerCase();
  return input === name && key.ctrl !== true && key.meta !== true;
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
export function boundAction<A extends string>(bindings: readonly KeyBinding<A>[], input: string, key: KeyFlags): A | null {
  for (const b of bindings) if (b.keys.some((name) => keyMatches(name, input, key))) return b.action;
  return null;
}

/** Whether the key pressed is one of the keys bound to `action`. */
export function pressed<A extends string>(bindings: readonly KeyBinding<A>[], action: A, input: string, key: KeyFlags): boolean {
  return bindings.some((b) => b.action === action && b.keys.some((name) => keyMatches(name, input, key)));
}

/** The keys of a binding as the help shows them. */
export function keyLabel(binding: KeyBinding): string {
  return binding.label ?? binding.keys.join('  ');
}

/** A title's hint from the bindings that carry one: "Enter confirms · Esc cancels". */
export function keyHint(bindings: readonly KeyBinding[]): string {
  return bindings.flatMap((b) => (b.hint === undefined ? [] : [`${keyLabel(b)} ${b.hint}`])).join(' · ');
}

/** The help lines of the bindings that carry help text. */
export function keyHelp(bindings: readonly KeyBinding[]): KeyHelp[] {
  return bindings.flatMap((b) => (b.help === undefined ? [] : [{ keys: keyLabel(b), what: b.help }]));
}
