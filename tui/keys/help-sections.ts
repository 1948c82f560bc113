// Every key of the terminal UI, as the help overlay shows it: the keys of the view it was opened
// from first, then the ones that work everywhere, then the other views'. Nothing is written here:
// each section is its keymap's own list (the bindings, or the help lines beside the map).
import { APP_KEYS, EVERY_LIST } from './app-keymap';
import { composeKeyHelp } from './compose-key-map';
import { keyHelp, keyLabel, type KeyHelp } from './key-binding';
import type { View } from '../ui-context';
import { CONVERSATION_KEYS } from './conversation-key-map';
import { DOCS_KEYS } from './doc-key-map';
import { INBOX_KEYS } from './inbox-key-map';
import { INBOX_GLYPHS } from '../rows/inbox-rows';
import { LIST_KEYS, messageListKeyHelp } from './list-key-map';
import { PALETTE_KEY_HELP } from './palette-key-map';
import { detailsKeyHelp, RUN_KEYS } from './run-key-map';
import { TASKS_KEYS } from './tasks-key-map';

export type { KeyHelp } from './key-binding';

export interface KeySection {
  title: string;
  /** The views whose keys these are (none: everywhere). */
  views?: View['kind'][];
  keys: KeyHelp[];
}

/** Every section, made from the bindings as they are now (after tui.toml's remaps). */
export function keySections(): KeySection[] {
  return [
    { title: 'Everywhere', keys: everywhereKeyHelp() },
    { title: 'Messages and threads', views: ['channel', 'thread'], keys: keyHelp(CONVERSATION_KEYS) },
    { title: 'Compose', views: ['channel', 'thread'], keys: composeKeyHelp() },
    { title: 'Tasks', views: ['tasks'], keys: keyHelp(TASKS_KEYS) },
    { title: 'Docs', views: ['docs', 'doc'], keys: keyHelp(DOCS_KEYS) },
    { title: 'Run timeline', views: ['run'], keys: keyHelp(RUN_KEYS) },
    { title: 'Task and run-event details', views: ['task', 'run-event'], keys: detailsKeyHelp() },
    { title: 'Inbox', views: ['inbox'], keys: keyHelp(INBOX_KEYS) },
    { title: 'Mentions inbox and search hits', views: ['mentions', 'search'], keys: messageListKeyHelp() },
    { title: 'Command palette', views: ['palette'], keys: PALETTE_KEY_HELP },
  ];
}

const LIST_ACTION_OF: Readonly<Record<string, string>> = { 'sidebar-down': 'down', 'sidebar-up': 'up' };

/** The whole screen's keys; its ↓/↑ lines say "every list" only while tui.toml has not given the lists other keys. */
function everywhereKeyHelp(): KeyHelp[] {
  return APP_KEYS.flatMap((b) => {
    if (b.help === undefined) return [];
    const list = LIST_KEYS.find((l) => l.action === LIST_ACTION_OF[b.action]);
    const what = list && list.keys.join() !== b.keys.join() ? b.help.replace(EVERY_LIST, ` (the sidebar; a list: ${keyLabel(list)})`) : b.help;
    return [{ keys: keyLabel(b), what }];
  });
}

/** The sections in the order the help shows them from `view`: its own, then everywhere, then the rest. */
export function keySectionsFor(view: View['kind'] | undefined): KeySection[] {
  const sections = keySections();
  const own = sections.filter((s) => view !== undefined && s.views?.includes(view) === true);
  const everywhere = sections.filter((s) => s.views === undefined);
  const rest = sections.filter((s) => !own.includes(s) && !everywhere.includes(s));
  return [...own, ...everywhere, ...rest.map((s) => ({ ...s, title: `${s.title} (other views)` }))];
}

/** What each symbol means, for the help: every state also shows without colour (NO_COLOR). */
export const SYMBOL_LEGEND: KeyHelp[] = [
  { keys: '•', what: 'unread (sidebar, before the room)' },
  { keys: '@', what: 'something there mentions you (sidebar)' },
  { keys: '#  ⊡  ☺', what: 'channel / private channel / direct message' },
  { keys: '◂', what: 'the room open in the main pane' },
  { keys: '▌', what: 'the focused pane or selected row (│ when the pane is not focused)' },
  { keys: '▸', what: 'the selected board column' },
  { keys: '●', what: 'a new mention (notice line)' },
  { keys: '!!  !', what: 'task priority urgent / high' },
  { keys: '· ○ ◐ ◑ ● ✕', what: 'task status backlog / todo / doing / in review / done / canceled' },
  { keys: '⇄PR', what: 'the task has a pull request' },
  { keys: Object.values(INBOX_GLYPHS).join(' '), what: 'inbox: mention / DM / my task / run / refused write (• before it: unread)' },
];
