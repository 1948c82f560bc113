// The keymaps a person may remap in tui.toml's `[keys]` section, each with the prefix its action
// names take there (`inbox`, `quit`; `tasks.status`, `conversation.copy-link`), the keymaps that
// answer in the same view (a remapped key must not be theirs too), and the keys that stay as they
// are, with why.
import { APP_KEYS } from './app-keymap';
import { CONVERSATION_KEYS } from './conversation-key-map';
import { DOCS_KEYS } from './doc-key-map';
import { INBOX_KEYS } from './inbox-key-map';
import type { KeyBinding } from './key-binding';
import { LIST_KEYS, SCROLL_KEYS } from './list-key-map';
import { DETAILS_KEYS, RUN_KEYS } from './run-key-map';
import { TASKS_KEYS } from './tasks-key-map';

/** A keymap as the `[keys]` section names it. */
export interface NamedKeymap {
  /** What the person reads in a problem ("the whole screen", "Tasks"). */
  title: string;
  /** Before the binding's action in the config's name (`''` for the whole screen). */
  prefix: string;
  bindings: readonly KeyBinding[];
}

export interface RemappableLayer extends NamedKeymap {
  /** Other keymaps that answer in this one's view (a Docs folder moves with a list's keys, a doc scrolls). */
  inherits?: readonly NamedKeymap[];
  /** Actions of this keymap that keep their keys, with why. */
  fixed?: Readonly<Record<string, string>>;
}

const LIST: RemappableLayer = { title: 'every list (Mentions, Search, Recent, a Docs folder)', prefix: 'list.', bindings: LIST_KEYS };
const SCROLLING: NamedKeymap = { title: 'a scrolling text', prefix: 'scroll.', bindings: SCROLL_KEYS };

export const REMAPPABLE_LAYERS: readonly RemappableLayer[] = [
  { title: 'the whole screen', prefix: '', bindings: APP_KEYS },
  { title: 'Tasks', prefix: 'tasks.', bindings: TASKS_KEYS },
  { title: 'Messages and threads', prefix: 'conversation.', bindings: CONVERSATION_KEYS },
  { title: 'Docs', prefix: 'docs.', bindings: DOCS_KEYS, inherits: [LIST, SCROLLING], fixed: { page: "a doc scrolls with the scrolling keys, which stay as they are; this line only names them" } },
  { title: 'Run timeline', prefix: 'run.', bindings: RUN_KEYS },
  { title: 'Inbox', prefix: 'inbox.', bindings: INBOX_KEYS, fixed: { filter: "1–5 pick a source by its place in the list" } },
  { title: "a task's or a run event's details", prefix: 'details.', bindings: DETAILS_KEYS, inherits: [SCROLLING] },
  LIST,
];

/** Keymaps whose keys stay as they are, with why: a letter there is typed text, or one key serves several views. */
export const FIXED_PREFIXES: Readonly<Record<string, string>> = {
  'compose.': "the compose box's keys edit typed text",
  'palette.': "the command palette's keys filter typed text",
  'prompt.': "a prompt's keys edit typed text",
  'form.': "the palette form's keys edit typed text",
  'scroll.': 'the scrolling keys are shared by the help, a doc and the details',
};

/** Keys that always keep their meaning, whatever the file says. */
export const FIXED_KEYS: Readonly<Record<string, string>> = {
  'Ctrl+C': 'Ctrl+C always quits, also while typing (the safety exit)',
};

/** The keymaps that answer keys together with `layer`'s: its own, those it inherits and those that inherit it. */
export function keymapsBeside(layer: RemappableLayer): NamedKeymap[] {
  const inheriting = REMAPPABLE_LAYERS.filter((l) => l !== layer && l.inherits?.some((i) => i.bindings === layer.bindings) === true);
  return [layer, ...(layer.inherits ?? []), ...inheriting];
}

/** Every action name the `[keys]` section takes, in the help's order. */
export function remappableActionNames(): string[] {
  return REMAPPABLE_LAYERS.flatMap((l) => l.bindings.filter((b) => l.fixed?.[b.action] === undefined).map((b) => `${l.prefix}${b.action}`));
}
