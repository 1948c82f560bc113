// Usage texts: `wsc help`, `wsc help <command>` and `wsc <command> --help`.
import { EXIT_CODE_TABLE } from './exit-codes';

const COMMON = `Common flags: --json (JSON on stdout), --url URL, --profile NAME, -h/--help.`;

export const USAGES: Readonly<Record<string, string>> = {
  login: `usage: wsc login [--url URL] [--profile NAME] [--json]
  Asks for the service URL and a personal token (typed without echo on a terminal, or read from
  stdin when piped: echo "$TOKEN" | wsc login --url URL), checks it with the service and saves it
  as a profile (mode 0600) that becomes the default. --profile defaults to "default".`,
  logout: `usage: wsc logout [--profile NAME] [--force] [--json]
  Removes a saved profile (the default one unless --profile names another) and its outbox. While
  writes wait in the outbox it refuses (exit 5), naming how many; --force signs out and drops them.`,
  status: `usage: wsc status [--url URL] [--profile NAME] [--json]
  Who you are, which workspace, the service URL and where the token came from (never the token).
  Exits 3 when nothing is configured or the token is refused.`,
  doctor: `usage: wsc doctor [--url URL] [--profile NAME] [--json]
  Compares every field, envelope and command wsc relies on with the service's own OpenAPI document
  (GET /api/v1/openapi.json) and list_capabilities, and names each difference with what will not
  work. Exits 0 when all match, 6 when something differs.`,
  serve: `usage: wsc serve [--host 127.0.0.1] [--port 0] [--fixture FILE | --demo] [--data FILE] [--variant NAME]
  Starts the local service; its first stdout line is JSON with its url. --variant makes the other
  choices the spec allows (latitude = all of them; see the README).`,
  channels: `usage: wsc channels [--offline] [--json]
  Lists the channels and direct messages you can read. --offline reads the offline cache only; when
  the service cannot be reached the cache is used too (said on stderr). --json then adds
  "cached": {"savedAt": ISO time}.`,
  post: `usage: wsc post <channel> <text|-> [--thread ROOT_ID] [--json]
  Posts a message (Markdown). <channel> is an id or a name (#name works too); '-' reads the text
  from stdin. --thread replies in the thread of that root message. When the service cannot be
  reached (or fails, 5xx/429) the post waits in the outbox: it says so on stderr and exits 8.`,
  outbox: `usage: wsc outbox [list] [--json]
       wsc outbox retry [ID] [--json]
       wsc outbox edit ID <text|->
       wsc outbox drop ID
  Posts, replies and task updates made while the service could not be reached wait here, in order,
  each with the idempotency key of its first try, so a resend is never applied twice. They are
  sent by the next command that reaches the service, or by 'retry' (a failed ID is tried again).
  One the service refuses (400, 403, 404, 409) stays, marked failed with the service's message:
  edit its text, retry it or drop it. 'retry' exits 0 when all was sent, 8 while some still wait,
  or the refusal's code.`,
  read: `usage: wsc read <channel> [--limit N] [--before TIMESTAMP | --all] [--follow] [--offline] [--json]
       wsc read [<channel>] --thread ROOT_ID [--limit N | --all] [--json]
  Prints the newest N messages (default 30, max 200), oldest first; --before those before that ISO
  time, --all every message of the channel. --thread prints a thread: its root, then its replies.
  --follow keeps printing new messages as they arrive (realtime cue + after-cursor reads, so
  nothing is skipped after a reconnect) until interrupted. --json prints one message per line.
  --offline prints the newest messages kept in the offline cache (also used, said on stderr, when
  the service cannot be reached); --json lines then carry "cached": {"savedAt": ISO time}.`,
  mentions: `usage: wsc mentions [--follow] [--since TIMESTAMP] [--json]
  Prints messages that mention you or were sent to you in a DM, oldest first, then remembers the
  newest one: the next run starts after it (the position is kept in the XDG state folder).
  --since starts after that ISO timestamp instead. --follow keeps waiting for new ones.
  --json prints one mention per line (newline-delimited JSON). --offline prints the mentions kept
  in the offline cache (also used, said on stderr, when the service cannot be reached).`,
  inbox: `usage: wsc inbox [--unread] [--source SOURCE] [--done] [--json]
       wsc inbox --follow [--source SOURCE] [--interval SECONDS] [--json]
       wsc inbox done ID... | wsc inbox done --all [--source SOURCE]
       wsc inbox read ID...
       wsc inbox watch RUN_ID
  What wants your attention, from every source (mention, dm, task: your tasks changed by someone
  else, run: runs you watch, outbox: writes the service refused), unread first, one line each:
  mark (● unread, ○ read, ✓ done), id, source, title, who · where · time. Reads every source
  once; read/done is shared with the terminal UI and VS Code on this machine. --done lists done
  items too. When the service cannot be reached it shows the inbox as saved here (said on
  stderr). --json prints one item per line. --follow prints each item as it arrives (a live
  mention feed; the other sources on the doorbell's cue and every --interval seconds, default
  60) until Ctrl-C; with --json each line has a "type": "arrival" (the item's fields) or
  "counts" ({"type":"counts","unread":N,"bySource":{...}}, at start and whenever it changes).
  done/read take ids from the list (or just the part after the colon when one item has it);
  watch follows a run: its settling arrives. SOURCE: mention, dm, task, run, outbox.`,
  sync: `usage: wsc sync [--json]
  Fills or refreshes the offline cache of this account: channels, people, tasks, mentions, the
  docs tree and doc bodies, and the newest messages of cached and joined channels; prints what it
  kept. Commands read the cache with --offline or when the service cannot be reached.`,
  cache: `usage: wsc cache info [--json]
       wsc cache path [--json]
       wsc cache clear [--json]
  info (also plain wsc cache): where this account's offline cache is, its size, what it holds and which SQLite
  opens it here. path: the file's path.
  clear: removes the cache file (never the outbox); wsc sync fills it again.`,
  task: `usage: wsc task list [--status S] [--mine | --assignee me|@handle|name|ID] [--epic ID|T-n] [--channel C] [--kind task|epic] [--text Q] [--priority P] [--label L]... [--limit N] [--offline]
       wsc task show <T-n|id> [--editor-link]
       wsc task start <T-n> [--carry] [--base BRANCH] [--pattern PATTERN]
       wsc task create <title> [--description TEXT|-] [--kind task|epic] [--status S] [--priority P]
                        [--epic ID] [--channel C] [--label L]...
       wsc task update <T-n|id> [--title T] [--description TEXT|-] [--status S] [--priority P] [--kind K]
                        [--epic ID] [--channel C] [--label L]... [--note TEXT]
                        [--assignee me|@handle|name|ID|none] [--assignee-user …|none] [--assignee-agent …|none]
       wsc task link [T-n] [url] [--unlink] [--base BRANCH]
  Statuses: backlog, todo, doing, in_review, done, canceled. Priority: 0-4 or none, urgent, high,
  medium, low. 'link' inside a git repository takes the T-ref from the current branch name and
  records the repository and the branch (when the branch names that task); a URL must be a full
  http(s) URL (checked before sending); --unlink removes the link. 'show --editor-link' prints the
  vscode:// link that opens the task in VS Code (no service needed). 'start' (in a git repository)
  makes the task's branch off the default branch (origin/HEAD, else main or master; --base names
  another) or switches to it when it exists, then moves the task to doing and assigns it to you when
  nobody has it. The branch is named by --pattern, else 'git config wsc.branchPattern', else
  {ref}-{slug} ({ref} T-12, {number} 12, {slug} from the title). Uncommitted changes are refused
  unless --carry takes them along.`,
  search: `usage: wsc search <text> [--channel C] [--limit N] [--json]
  Messages containing the text (at least 2 characters) in the channels you can read, newest first,
  each with its channel and link. --channel keeps one channel's hits; --limit (default 20, max 100).`,
  share: `usage: wsc share <file>[:L1-L2] <#channel|T-n> [--thread ROOT_ID] [--note TEXT] [--json]
  Shares lines of a file (all of it without :L1-L2) as a fenced code block in the file's language
  under 'path:lines', linked to the lines on GitHub, GitLab or Bitbucket when the file is unchanged
  in a commit the remote has (else 'path:lines @ commit'). To a channel it is posted (--thread: as a
  reply); to a task (T-n) it is added as a note. Binary files and snippets over the message size
  are refused before anything is sent. --note puts your words above the code.`,
  hooks: `usage: wsc hooks install [--mode trailer|prefix]
       wsc hooks uninstall
       wsc hooks prepare-commit-msg FILE [SOURCE]    (what the hook runs)
  Installs a prepare-commit-msg git hook in this repository (in core.hooksPath when set) that adds
  the task ref of the branch (a branch named like T-12-fix-login) to each commit message: as a
  trailer 'Refs: T-12' (default) or a prefix 'T-12 Fix login' (--mode prefix), once, and never to
  merges or squashes. It runs this wsc and never blocks a commit. A hook wsc did not write is never
  overwritten or removed; install again to change the mode.`,
  doc: `usage: wsc doc list [--text Q] [--limit N] [--offline]
       wsc doc get <id|title> [--raw] [--offline]
       wsc doc edit <id|title>
       wsc doc put <id|title> [FILE|-] [--expected-updated-at TIMESTAMP | --force]
  A doc is named by its id or its exact title (ignoring case when nothing matches exactly). 'get' renders the Markdown (--raw prints it unrendered). 'edit' opens $VISUAL/$EDITOR and saves
  with compare-and-set; if someone saved meanwhile, the edits are merged, and overlapping ones are
  written into the file with conflict markers for you to resolve (nothing you typed is lost).
  'put' saves a body from FILE or stdin; the input may also be the JSON of 'wsc doc get --json'
  (its body and updated_at are used). Without --expected-updated-at it refuses unless --force.`,
  events: `usage: wsc events <run> [--follow] [--after SEQ] [--json]
  Prints a run's event timeline. Events this client does not know and withheld payloads are shown
  as such. --follow keeps reading until the run settles. --json prints one event per line.`,
  profile: `usage: wsc profile list [--json]
       wsc profile use <name>
  Lists the saved profiles (* marks the default; tokens are never shown) and makes one the default.
`,
  people: `usage: wsc people [--offline] [--json]
  Everyone in the channels you can read: @handle, name, [agent], id. Commands that take a person
  (task list --assignee, task update --assignee) take any of these: me, @handle, handle, a name, or an id.`,
  completion: `usage: wsc completion bash|zsh|fish
  Prints a completion script for the shell (commands, sub-verbs and flags).`,
  action: `usage: wsc action list [--json]
       wsc action <command> --help     (its inputs, required ones marked, and an example)
       wsc action <command> [JSON|-] [--idempotency-key KEY] [--json]
  Runs a generic action. Read commands go through GET, mutations through POST and print their
  receipt. JSON is the command's input object ('-' reads it from stdin). 'list' shows every command.`,
  config: `usage: wsc config [show] [--json]
       wsc config check [--json]
  The terminal UI's settings (tui.toml in $XDG_CONFIG_HOME/wsc, else ~/.config/wsc): startView,
  notifications, hyperlinks, mouse, theme (dark, light, high-contrast, ansi16), accessible; each
  value with where it comes from (default, a line of the file, or WSC_ACCESSIBLE / WSC_HYPERLINKS).
  'check' names each wrong line with what to do and exits 2 when there is one. A [keys] section
  remaps keys: an action and a key or a list, e.g. recent = "e", help = ["?", "h"], tasks.status =
  ["S", "ctrl+s"] (the whole screen's actions, as the help names them; a view's with its prefix:
  tasks., conversation., docs., run., inbox., list.). 'show' lists the remapped keys with their
  line; 'check' names an unknown action, a key name it cannot read and a key two actions of one
  view would share (also one of the keys the view answers besides its own, as Docs answers a list's
  j/k). Ctrl+C (quit), keys on typed text (compose, the palette's filter, prompts, forms), the
  scrolling keys and the Inbox's 1–5 cannot be remapped. accessible = true (or WSC_ACCESSIBLE=1)
  makes \`wsc\` a line mode a screen reader reads in order: no full screen, no colour, lines
  appended as things arrive, commands on a plain prompt (/open, /inbox, /help…), choices typed
  as numbers; \`wsc login\` then asks each question on a line of its own, and no command
  pages its output.`,
  skill: `usage: wsc skill install [--for claude|codex|gemini]... [--json]
       wsc skill uninstall [--for claude|codex|gemini]... [--json]
       wsc skill show
  Installs the agent skill 'wsc-workspace' (how a coding agent starts a task, links a pull request,
  shares code and reports back with wsc and the workspace's MCP tools) where each agent looks for
  user skills: ~/.claude/skills/wsc-workspace/ (Claude Code), ~/.agents/skills/wsc-workspace/ (Codex;
  Gemini CLI reads it too) and ~/.gemini/skills/wsc-workspace/ (Gemini CLI). Without --for: every
  agent whose folder (~/.claude, ~/.codex, ~/.gemini) exists. A SKILL.md wsc did not write is never
  replaced or removed. 'show' prints the skill.`,
  mcp: `usage: wsc mcp [--url URL] [--profile NAME]
  Serves the workspace's MCP tools (channels, threads, mentions, posts, search, tasks, docs, run
  events) on stdin/stdout for a coding agent, bridged to the service's /api/mcp with the token of
  WSC_TOKEN or the saved profile, so the agent's config needs no token. Stdout carries only MCP
  messages; problems go to stderr.`,
};

/** Runnable examples per command, shown under its usage (every command has some). */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  login: ['wsc login --url https://workspace.example.com', 'echo "$TOKEN" | wsc login --url https://workspace.example.com --profile work'],
  logout: ['wsc logout', 'wsc logout --profile work'],
  status: ['wsc status', 'wsc status --json | jq -r .identity.workspace'],
  doctor: ['wsc doctor', "wsc doctor --json | jq '.findings[] | select(.ok | not)'"],
  serve: ['wsc serve --demo', 'wsc serve --demo --port 8787 --data ./workspace.db', 'wsc serve --demo --variant latitude'],
  channels: ['wsc channels', "wsc channels --json | jq -r '.name'"],
  post: ['wsc post general "Deploy done :rocket:"', 'git log -1 --format=%B | wsc post #releases -', 'wsc post general "Same here" --thread MESSAGE_ID'],
  read: ['wsc read general --limit 5', 'wsc read general --before 2026-11-01T00:00:00Z', "wsc read general --all --json | jq -r .body", 'wsc read --thread MESSAGE_ID --all', 'wsc read general --follow'],
  mentions: ['wsc mentions', 'wsc mentions --follow --json >> mentions.ndjson', 'wsc mentions --since 2026-11-20T09:00:00Z'],
  inbox: [
    'wsc inbox',
    'wsc inbox --unread --source task',
    'wsc inbox done task:T-2',
    'wsc inbox done --all --source mention',
    'wsc inbox watch RUN_ID',
    "wsc inbox --follow --json | jq -c 'select(.type == \"counts\")'",
  ],
  task: [
    'wsc task list --mine --status doing',
    'wsc task list --assignee @dan --priority urgent --label backend',
    'wsc task show T-12',
    'wsc task start T-12',
    'wsc task start T-12 --carry --base develop --pattern "feature/{ref}-{slug}"',
    'wsc task show T-12 --editor-link',
    'wsc task create "Fix the login redirect" --priority high --label auth',
    'wsc task update T-12 --status in_review --note "PR is up"',
    'wsc task update T-12 --assignee @dan',
    'wsc task link                 # inside a branch named like t-12-login: links its pull request',
    'wsc task link T-12 https://github.com/acme/app/pull/7',
  ],
  doc: ['wsc doc list --text deploy', 'wsc doc get "Deploy guide"', 'wsc doc edit "Deploy guide"', 'wsc doc get DOC_ID --json > doc.json && wsc doc put DOC_ID doc.json'],
  events: ['wsc events RUN_ID', 'wsc events RUN_ID --follow', "wsc events RUN_ID --after 40 --json | jq -r .name"],
  profile: ['wsc profile list', 'wsc login --profile work --url https://workspace.example.com && wsc profile use work'],
  people: ['wsc people', 'wsc task list --assignee @dan'],
  completion: ['eval "$(wsc completion bash)"          # in ~/.bashrc', 'wsc completion zsh > "${fpath[1]}/_wsc"', 'wsc completion fish > ~/.config/fish/completions/wsc.fish'],
  action: ['wsc action list', 'wsc action get_task --help', 'wsc action get_task \'{"taskId":"T-12"}\''],
  mcp: ['claude mcp add workspace -- wsc mcp', 'WSC_PROFILE=work wsc mcp'],
  search: ['wsc search "login bug"', 'wsc search deploy --channel releases --limit 5', "wsc search T-12 --json | jq -r '.hits[].url'"],
  share: ['wsc share src/auth/login.ts:40-58 #backend', 'wsc share src/auth/login.ts:42 T-12 --note "the redirect loses the query"', 'wsc share README.md:1-10 general --thread MESSAGE_ID'],
  sync: ['wsc sync', 'wsc sync && wsc task list --offline'],
  cache: ['wsc cache', 'wsc cache path', 'wsc cache clear'],
  outbox: ['wsc outbox', 'wsc outbox retry', 'wsc outbox edit 3 "the corrected text"', 'wsc outbox drop 3', 'wsc outbox --json | jq .state'],
  hooks: ['wsc hooks install', 'wsc hooks install --mode prefix', 'wsc hooks uninstall'],
  config: ['wsc config', 'wsc config check', 'wsc config --json | jq .settings.theme'],
  skill: ['wsc skill install', 'wsc skill install --for claude --for codex', 'wsc skill show | less'],
};

export function generalHelp(): string {
  const codes = EXIT_CODE_TABLE.map(([code, meaning]) => `  ${String(code).padEnd(3)} ${meaning}`).join('\n');
  return `wsc: the team workspace in your terminal

usage: wsc                 open the terminal UI (wsc --demo: on the built-in demo workspace;
                           accessible = true in tui.toml: a plain line mode, see wsc config --help)
       wsc <command> [arguments] [flags]

Commands:
  login      save a connection (URL and token) as a profile
  logout     remove a saved profile
  status     who you are, which workspace, where the token came from
  doctor     check that this service has what wsc relies on
  serve      start the local service (--demo for the demo workspace)
  channels   list channels and DMs
  post       post a message: wsc post <channel> <text|->
  outbox     writes waiting to be sent: wsc outbox [list|retry|edit|drop]
  sync       fill or refresh the offline cache (read with --offline)
  cache      the offline cache: wsc cache [info|path|clear]
  read       read a channel: wsc read <channel> [--limit N] [--follow]
  mentions   your mentions and DMs: wsc mentions [--follow] [--since TS]
  inbox      what needs you (mentions, DMs, tasks, runs, refused writes): wsc inbox [--follow]
  task       list|show|start|create|update|link tasks
  search     search messages: wsc search <text> [--channel C]
  share      share lines of a file: wsc share <file>[:L1-L2] <#channel|T-n>
  hooks      install|uninstall the git hook that adds the branch's T-ref to commits
  doc        list|get|edit|put docs
  events     a run's event timeline: wsc events <run> [--follow]
  action     run a generic action: wsc action <command> [json] | wsc action list
  mcp        the workspace's tools for a coding agent (stdio MCP server): wsc mcp
  skill      install the agent skill for Claude Code, Codex or Gemini CLI: wsc skill install
  profile    list|use saved profiles (the default one)
  config     the terminal UI's settings and where each comes from: wsc config [check]
  people     everyone in your channels, by @handle and name
  completion a completion script: wsc completion bash|zsh|fish
  help       this text; wsc help <command> for one command

${COMMON}
Connection: WSC_URL and WSC_TOKEN (never saved), else the profile from --profile, WSC_PROFILE or
the default one saved by 'wsc login'. Errors go to stderr as 'wsc: <message> [code]' plus a hint.

Exit codes:
${codes}
`;
}

export function commandHelp(command: string): string | undefined {
  const usage = USAGES[command];
  if (usage === undefined) return undefined;
  const examples = (EXAMPLES[command] ?? []).map((e) => `  ${e}`).join('\n');
  return `${usage}\n${examples === '' ? '' : `Examples:\n${examples}\n`}${command === 'serve' ? '' : `${COMMON}\n`}`;
}
