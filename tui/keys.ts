// Every key of the terminal UI, in one list: the help overlay shows exactly this.

export interface KeyHelp {
  keys: string;
  what: string;
}

export interface KeySection {
  title: string;
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
      { keys: 'm  t  d', what: 'mentions inbox / tasks / docs' },
      { keys: 'Ctrl+R', what: 'while reconnecting: try the service again now' },
      { keys: '?', what: 'this help' },
      { keys: 'q  or  Ctrl+C', what: 'quit (Ctrl+C also works while typing)' },
    ],
  },
  {
    title: 'Messages and threads',
    keys: [
      { keys: 'Enter', what: 'open the thread of the selected message' },
      { keys: 'i  or  c', what: 'write (focus the compose box)' },
      { keys: 'o', what: "open the selected message's run timeline" },
      { keys: 'g', what: 'load everything and go to the first message' },
      { keys: 'G', what: 'go to the newest message' },
      { keys: '↑ at the top', what: 'load older messages' },
    ],
  },
  {
    title: 'Compose',
    keys: [
      { keys: 'Enter', what: 'send' },
      { keys: 'Alt+Enter  or  Ctrl+J', what: 'new line (Shift+Enter reaches no terminal app reliably)' },
      { keys: '@name then Tab', what: 'complete a mention from the channel members' },
      { keys: '↑ on an empty box', what: 'edit your last message' },
      { keys: 'Esc', what: 'leave the box (the draft is kept, also across restarts)' },
    ],
  },
  {
    title: 'Tasks',
    keys: [
      { keys: 'b', what: 'list / board by status' },
      { keys: 'f', what: 'filter: mine epic:T-1 channel:name kind:task|epic free text' },
      { keys: 'n', what: 'new task' },
      { keys: 's  p  a', what: 'change status / priority / assignee' },
      { keys: 'N', what: 'append a note' },
      { keys: 'l', what: 'link a pull request (suggested from the current git branch)' },
      { keys: 'r', what: 'reload' },
    ],
  },
  {
    title: 'Docs',
    keys: [
      { keys: 'Enter', what: 'open a folder or read a doc' },
      { keys: 'e', what: 'edit in $EDITOR (compare-and-set save, merge on conflict)' },
      { keys: 'r', what: 'reload' },
    ],
  },
];
