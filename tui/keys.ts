// Every key of the terminal UI, in one list: the help overlay shows exactly this, the keys of the
// view it was opened from first, then the ones that work everywhere, then the other views'.
import type { View } from './ui-context';
import { INBOX_KEY_HELP } from './views/inbox-key-map';
import { INBOX_GLYPHS } from './views/inbox-rows';

export interface KeyHelp {
  keys: string;
  what: string;
}

export interface KeySection {
  title: string;
  /** The views whose keys these are (none: everywhere). */
  views?: View['kind'][];
  keys: KeyHelp[];
}

export const KEY_SECTIONS: KeySection[] = [
  {
    title: 'Everywhere',
    keys: [
      { keys: 'Tab / Shift+Tab', what: 'next / previous pane (sidebar, main, compose)' },
      { keys: '↑ ↓  or  j k', what: 'move the selection' },
      { keys: 'PgUp PgDn', what: 'move a page' },
      { keys: 'Enter', what: 'open the selected item' },
      { keys: 'Esc', what: 'back / close / cancel' },
      { keys: '/', what: 'search messages, or paste a copied message link' },
      { keys: ':', what: 'command palette (every generic action)' },
      { keys: 'i  m  t  d', what: 'inbox (everything that wants you) / mentions / tasks / docs' },
      { keys: 'R', what: 'recent: every conversation by last activity, newest first (Enter opens it)' },
      { keys: 'z', what: 'hide the sidebar (the main pane takes the whole width); z again shows it' },
      { keys: 'Ctrl+R', what: 'while reconnecting: try the service again now' },
      { keys: '?', what: 'this help' },
      { keys: 'q  or  Ctrl+C', what: 'quit (Ctrl+C also works while typing)' },
    ],
  },
  {
    title: 'Messages and threads',
    views: ['channel', 'thread'],
    keys: [
      { keys: 'Enter', what: 'open the thread of the selected message' },
      { keys: 'i  or  c', what: 'write (focus the compose box)' },
      { keys: 'o', what: "open the selected message's run timeline" },
      { keys: 'T', what: 'open the task the selected message names (its card shows under the list)' },
      { keys: 'y', what: 'copy a link to the selected message (OSC 52; also shown on the status line)' },
      { keys: 'g', what: 'load everything and go to the first message' },
      { keys: 'G', what: 'go to the newest message' },
      { keys: '↑ at the top', what: 'load older messages' },
    ],
  },
  {
    title: 'Compose',
    views: ['channel', 'thread'],
    keys: [
      { keys: 'Enter', what: 'send' },
      { keys: 'Alt+Enter  or  Ctrl+J', what: 'new line (Shift+Enter reaches no terminal app reliably)' },
      { keys: '← →  Home End', what: 'move the cursor (also Ctrl+B/F, Ctrl+A/E for the line)' },
      { keys: 'Alt+← →  or  Ctrl+← →', what: 'a word left / right (also Alt+B/F)' },
      { keys: 'Ctrl+W  Ctrl+U  Ctrl+K', what: 'delete the word before / everything / to the end of the line' },
      { keys: 'Ctrl+G', what: 'edit the draft in $EDITOR (for long text)' },
      { keys: '@name then Tab', what: 'complete a mention from the channel members' },
      { keys: '↑ on an empty box', what: 'edit your last message' },
      { keys: 'Esc', what: 'leave the box (the draft is kept, also across restarts)' },
    ],
  },
  {
    title: 'Tasks',
    views: ['tasks'],
    keys: [
      { keys: 'b', what: 'list / board by status' },
      { keys: 'h l  or  ← →', what: 'board: previous / next column (a moved card is followed)' },
      { keys: 'Enter', what: 'the selected task: fields by name, description and notes (Esc back)' },
      { keys: 'f', what: 'filter: mine epic:T-1 channel:name kind:task|epic status:doing free text' },
      { keys: 'g  G', what: 'first / last row (a list that may be cut ends with "More… narrow or search": Enter filters)' },
      { keys: 'n', what: 'new task' },
      { keys: 's  p  a', what: 'change status / priority (0 none, 1 urgent … 4 low) / assignee' },
      { keys: 'N', what: 'append a note' },
      { keys: 'l', what: 'link a pull request (suggested from the current git branch)' },
      { keys: 'r', what: 'reload' },
    ],
  },
  {
    title: 'Docs',
    views: ['docs', 'doc'],
    keys: [
      { keys: 'Enter', what: 'open a folder or read a doc' },
      { keys: 'f', what: 'search every doc (titles and bodies); empty shows the folders again' },
      { keys: 'g  G', what: 'first / last row (a tree that may be cut ends with "More… narrow or search")' },
      { keys: 'e', what: 'edit in $EDITOR (compare-and-set save, merge on conflict)' },
      { keys: 'r', what: 'reload' },
      { keys: 'Space PgDn PgUp', what: 'a doc: scroll a page' },
    ],
  },
  {
    title: 'Run timeline',
    views: ['run'],
    keys: [
      { keys: 'G  or  f', what: 'follow: keep the newest event selected as events arrive' },
      { keys: '↑ k', what: 'stop following and look back' },
      { keys: 'Enter', what: "the selected event's details and payload; on a child run's event, Enter again opens its timeline" },
      { keys: 'r', what: "reply to the selected step in the run's thread (drafted, mentioning the agent and quoting the step); the run opened from the agent's message" },
    ],
  },
  {
    title: 'Task and run-event details',
    views: ['task', 'run-event'],
    keys: [
      { keys: 'j k  Space  PgUp PgDn', what: 'scroll (↑ ↓ too)' },
      { keys: 'r', what: "a task: read it again (also after an error); a run's event: reply to that step in the run's thread" },
      { keys: 'Esc', what: 'back to the list' },
    ],
  },
  {
    title: 'Inbox',
    views: ['inbox'],
    keys: INBOX_KEY_HELP,
  },
  {
    title: 'Mentions inbox and search hits',
    views: ['mentions', 'search'],
    keys: [{ keys: 'Enter', what: 'open the message where it lives: its channel, selected (a reply: its thread)' }],
  },
  {
    title: 'Command palette',
    views: ['palette'],
    keys: [
      { keys: 'type', what: 'filter the commands' },
      { keys: 'Enter', what: 'fill in the inputs and run it' },
      { keys: 'Esc', what: 'clear the filter, then back' },
    ],
  },
];

/** The sections in the order the help shows them from `view`: its own, then everywhere, then the rest. */
export function keySectionsFor(view: View['kind'] | undefined): KeySection[] {
  const own = KEY_SECTIONS.filter((s) => view !== undefined && s.views?.includes(view) === true);
  const everywhere = KEY_SECTIONS.filter((s) => s.views === undefined);
  const rest = KEY_SECTIONS.filter((s) => !own.includes(s) && !everywhere.includes(s));
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
