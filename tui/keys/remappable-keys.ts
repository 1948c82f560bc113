// The keymaps a person may remap in tui.toml's `[keys]` section, each with the prefix its action
// names take there (`inbox`, `quit`; `tasks.status`), and the keys that stay as they are, with why.
import { APP_KEYS } from './app-keymap';
import type { KeyBinding } from './key-binding';
import { TASKS_KEYS } from './tasks-key-map';

export interface RemappableLayer {
  /** What the person reads in a problem ("the whole screen", "Tasks"). */
  title: string;
  /** Before the binding's action in the config's name (`''` for the whole screen). */
  prefix: string;
  bindings: readonly KeyBinding[];
}

export const REMAPPABLE_LAYERS: readonly RemappableLayer[] = [
  { title: 'the whole screen', prefix: '', bindings: APP_KEYS },
  { title: 'Tasks', prefix: 'tasks.', bindings: TASKS_KEYS },
];

/** Keymaps that take typed text: a letter there is the text, so their keys are not remapped. */
export const FIXED_PREFIXES: Readonly<Record<string, string>> = {
  'compose.': "the compose box's keys edit typed text",
  'palette.': "the command palette's keys filter typed text",
  'prompt.': "a prompt's keys edit typed text",
  'form.': "the palette form's keys edit typed text",
};

/** Keys that always keep their meaning, whatever the file says. */
export const FIXED_KEYS: Readonly<Record<string, string>> = {
  'Ctrl+C': 'Ctrl+C always quits, also while typing (the safety exit)',
};

/** Every action name the `[keys]` section takes, in the help's order. */
export function remappableActionNames(): string[] {
  return REMAPPABLE_LAYERS.flatMap((l) => l.bindings.map((b) => `${l.prefix}${b.action}`));
}
