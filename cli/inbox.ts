// `wsc inbox [--unread] [--source S] [--done] [--follow [--interval SECONDS]]`, `wsc inbox done ID...|--all`,
// `wsc inbox read ID...`, `wsc inbox watch RUN_ID`: the attention inbox (mentions, DMs, my tasks
// changed by someone else, watched runs, refused writes) through the shared InboxSession, whose
// store (read/done) every face on this machine shares.
import { statSync } from 'node:fs';
import {
  INBOX_SOURCES,
  INBOX_REFRESH_MS,
  isApiError,
  isInboxSource,
  MemoryCursorStore,
  NetworkError,
  savedAgo,
  startMentionFeed,
  unreadCounts,
  type Client,
  type Identity,
  type InboxFilter,
  type InboxItem,
  type InboxSession,
  type InboxSource,
  type OfflineAccount,
  type OutboxSession,
} from '../shared/index';
import type { ResolvedConnection } from '../shared/core';
import { integerFlag, parseArgs, type ParsedArgs } from './args';
import { CliError, usageError } from '../term/cli-error';
import { connect } from '../term/connect';
import { knownAccount, knownReader } from '../term/offline-cache';
import { outboxSessionFor, terminalOutboxSession } from '../term/outbox';
import { terminalInboxSession } from '../term/inbox';
import { abortOnInterrupt } from './interrupt';
import { isFinalError } from '../shared/index';
import { createOutput, safe, term, type Output, type SafeText } from './output';

const SPEC = { strings: ['source', 'interval'], booleans: ['unread', 'done', 'follow', 'all'] } as const;

export async function runInbox(argv: string[]): Promise<number> {
  const args = parseArgs('inbox', argv, SPEC);
  const [sub, ...rest] = args.positionals;
  const source = sourceFlag(args);
  switch (sub) {
    case undefined:
      onlyFlags(args, ['unread', 'done', 'follow'], 'inbox');
      if (args.values.interval !== undefined && !args.flags.follow) throw usageError('inbox: --interval is for --follow.', 'wsc inbox --follow --interval 30');
      if (args.flags.follow && (args.flags.done || args.flags.unread)) throw usageError('inbox: --follow prints what arrives (always unread); --unread and --done are for the list.', 'wsc inbox --follow [--source S], or wsc inbox --unread for the list.');
      return args.flags.follow ? follow(args, source) : list(args, source);
    case 'done':
      onlyFlags(args, ['all'], 'inbox done');
      return markDone(args, rest, source);
    case 'read':
      onlyFlags(args, [], 'inbox read');
      if (source !== undefined) throw usageError('inbox read: --source is for listing, and for done --all.', 'wsc inbox read ID...');
      return markRead(args, rest);
    case 'watch':
      onlyFlags(args, [], 'inbox watch');
      return watch(args, rest);
    default:
      throw usageError(`inbox: unknown subcommand '${sub}'.`, 'Use wsc inbox (the list), done ID..., done --all, read ID... or watch RUN_ID (see wsc inbox --help).');
  }
}

function sourceFlag(args: ParsedArgs): InboxSource | undefined {
  const value = args.values.source;
  if (value === undefined) return undefined;
  if (!isInboxSource(value)) throw usageError(`inbox: there is no source '${value}'.`, `Use one of: ${INBOX_SOURCES.join(', ')} (e.g. --source task).`);
  return value;
}

/** Each subcommand takes only its own booleans (and --interval only with the list's --follow). */
function onlyFlags(args: ParsedArgs, allowed: readonly string[], command: string): void {
  for (const flag of SPEC.booleans) {
    if (args.flags[flag] && !allowed.includes(flag)) throw usageError(`${command}: --${flag} does not go with this subcommand.`, `See 'wsc inbox --help'.`);
  }
  if (args.values.interval !== undefined && command !== 'inbox') throw usageError(`${command}: --interval does not go with this subcommand.`, `See 'wsc inbox --help'.`);
}

// ---- connection and session ----

interface Opened {
  readonly client: Client;
  readonly inbox: InboxSession;
  readonly outbox: OutboxSession | undefined;
  /** The service could not be reached: what is shown is the saved copy. */
  readonly unreachable?: unknown;
  close(): Promise<void>;
}

type Me = Pick<Identity, 'userId' | 'name' | 'handle' | 'workspaceId'>;

/**
 * The account's inbox session. `live`: asks the service who this is (and opens the outbox session,
 * whose refused writes are items); the account as learnt before when the service cannot be reached.
 * Not live (done, read): the account as learnt before, asking the service only when it never was.
 */
async function openInbox(args: ParsedArgs, options: { live: boolean; mentionsFromFeed?: boolean; refreshEveryMs?: number }): Promise<Opened> {
  const { client, connection } = await connect(args);
  try {
    let me: Me | undefined;
    let unreachable: unknown;
    const known = savedMe(connection);
    if (options.live || known === undefined) {
      try {
        me = await client.me();
      } catch (error) {
        if (!(error instanceof NetworkError) || known === undefined) throw withOfflineHint(error, known === undefined);
        unreachable = error;
      }
    }
    me ??= known;
    if (me === undefined) throw new Error('unreachable: no account');
    const account: OfflineAccount = { serviceUrl: client.baseUrl.replace(/\/+$/, ''), workspaceId: me.workspaceId, userId: me.userId };
    const outbox = options.live ? await openOutbox(client, connection, account, unreachable !== undefined) : undefined;
    const inbox = terminalInboxSession({
      client,
      me,
      serviceUrl: client.baseUrl,
      ...(outbox ? { outbox } : {}),
      ...(options.mentionsFromFeed ? { mentionsFromFeed: true } : {}),
      ...(options.refreshEveryMs ? { refreshEveryMs: options.refreshEveryMs } : {}),
    });
    try {
      await inbox.open();
    } catch (error) {
      await outbox?.close();
      throw error;
    }
    return {
      client,
      inbox,
      outbox,
      ...(unreachable !== undefined ? { unreachable } : {}),
      async close() {
        await inbox.close();
        await outbox?.close();
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** Who this connection acted as last time it reached the service (no request). */
function savedMe(connection: ResolvedConnection): Me | undefined {
  if (connection.baseUrl === null || connection.token === null) return undefined;
  const account = knownAccount(connection.baseUrl, connection.token);
  if (!account) return undefined;
  const reader = knownReader(connection.baseUrl, connection.token);
  return { userId: account.userId, workspaceId: account.workspaceId, name: reader?.name ?? '', handle: reader?.handle ?? '' };
}

function withOfflineHint(error: unknown, neverConnected: boolean): unknown {
  if (!(error instanceof NetworkError) || !neverConnected) return error;
  return new CliError('network_error', `The service could not be reached (${error.message}), and this account's inbox was never read on this machine.`, 'Check the address (wsc status, wsc doctor) and run wsc inbox again once the service can be reached.');
}

/** The account's outbox session (its refused writes are items); a file that cannot be opened only means no outbox items. */
async function openOutbox(client: Client, connection: ResolvedConnection, account: OfflineAccount, offline: boolean): Promise<OutboxSession | undefined> {
  try {
    const session = offline ? terminalOutboxSession(client, account) : await outboxSessionFor(client, { baseUrl: client.baseUrl, token: connection.token });
    await session?.resume();
    // What waits is sent first (as after other commands that reach the service), so a write it
    // refuses now is an item of this very list.
    if (!offline) await session?.flush().catch(() => undefined);
    return session;
  } catch {
    return undefined;
  }
}

// ---- printing ----

const MARKS: Readonly<Record<InboxItem['state'], string>> = { unread: '●', read: '○', done: '✓' };

const UUID = /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/g;

/** An id as a terminal shows it: each uuid in it cut to its last 8 digits (`wsc inbox done` takes it). */
export function shortId(id: string): string {
  return id.replace(UUID, (uuid) => uuid.slice(-8));
}

function shortTime(at: string): string {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

/** One line: mark, id, source, title, then who · where · time (dimmed). */
function printItem(out: Output, item: InboxItem): void {
  const about = [item.who, item.where, shortTime(item.at)].filter((s): s is string => s !== undefined && s !== '').map((s) => safe(s));
  const gone = item.gone ? term` (gone)` : term``;
  const mark = item.state === 'unread' ? out.bold(safe(MARKS.unread)) : safe(MARKS[item.state]);
  if (out.width === undefined) {
    // A pipe: one line per item, everything in it (for grep and cut).
    out.line(term`${mark} ${safe(item.id)}  ${safe(item.source.padEnd(7))}  ${safe(item.title)}${gone}  ${out.dim(joinDot(about))}`);
    return;
  }
  // A terminal: what and the source on the first line (cut to fit), who · where · when and the id below.
  const room = Math.max(20, out.width - 2 - 9 - 1 - (item.gone ? 7 : 0));
  const title = item.title.length > room ? `${item.title.slice(0, room - 1)}…` : item.title;
  out.line(term`${mark} ${safe(item.source.padEnd(7))}  ${item.state === 'unread' ? out.bold(safe(title)) : safe(title)}${gone}`);
  const when = Number.isNaN(Date.parse(item.at)) ? item.at : savedAgo(Date.parse(item.at));
  const said = [item.who, item.where, when].filter((x): x is string => x !== undefined && x !== '').map((x) => safe(x));
  out.line(out.dim(term`           ${joinDot([...said, safe(shortId(item.id))])}`));
}

function joinDot(parts: readonly SafeText[]): SafeText {
  let text = term``;
  for (const [i, p] of parts.entries()) text = i === 0 ? p : term`${text} · ${p}`;
  return text;
}

function countsLine(items: readonly InboxItem[]): { type: 'counts'; unread: number; bySource: Record<InboxSource, number> } {
  const counts = unreadCounts(items);
  return { type: 'counts', unread: counts.total, bySource: counts.bySource };
}

function filterOf(args: ParsedArgs, source: InboxSource | undefined): InboxFilter {
  return { ...(args.flags.unread ? { unread: true } : {}), ...(source ? { source } : {}), ...(args.flags.done ? { done: true } : {}) };
}

function sayReport(out: Output, report: { unreachable: boolean; errors: readonly string[] }): void {
  for (const e of report.errors) out.note(term`wsc: inbox: could not read ${safe(e)}; what was seen before is shown.`);
  if (report.unreachable) out.note(term`wsc: some sources could not be reached this time; what was seen before is shown. Run wsc inbox again for current items.`);
}

// ---- wsc inbox ----

async function list(args: ParsedArgs, source: InboxSource | undefined): Promise<number> {
  const out = createOutput();
  const opened = await openInbox(args, { live: true });
  try {
    const { inbox } = opened;
    if (opened.unreachable !== undefined) {
      const reason = opened.unreachable instanceof Error ? opened.unreachable.message : String(opened.unreachable);
      out.note(term`wsc: the service cannot be reached (${safe(reason)}); showing the inbox as saved on this machine, ${safe(savedAgoOf(inbox.path))}. Check the network or the service address (wsc doctor), then run wsc inbox again for current items.`);
    } else {
      sayReport(out, await inbox.refresh());
    }
    const items = inbox.items(filterOf(args, source));
    if (args.json) {
      for (const item of items) out.json(item);
      return 0;
    }
    if (items.length === 0) out.line(args.flags.unread || source ? term`Nothing in the inbox matches.` : term`Nothing needs you: the inbox is empty.`);
    for (const item of items) printItem(out, item);
    return 0;
  } finally {
    await opened.close();
  }
}

function savedAgoOf(path: string): string {
  try {
    return `last changed ${savedAgo(statSync(path).mtimeMs)}`;
  } catch {
    return 'of unknown age';
  }
}

// ---- wsc inbox --follow ----

async function follow(args: ParsedArgs, source: InboxSource | undefined): Promise<number> {
  const out = createOutput();
  const seconds = integerFlag(args, 'interval', 'inbox', { min: 1, max: 86_400 });
  const refreshEveryMs = seconds === undefined ? INBOX_REFRESH_MS : seconds * 1000;
  // A first look at every source (mentions included, with their first-look rule), then the live
  // session, whose mentions come from the feed from the newest one seen.
  const first = await openInbox(args, { live: true });
  let startAt: string | undefined;
  try {
    if (first.unreachable !== undefined) throw first.unreachable;
    sayReport(out, await first.inbox.refresh());
    startAt = newestMention(first.inbox.items({ done: true }));
  } finally {
    await first.close();
  }
  const opened = await openInbox(args, { live: true, mentionsFromFeed: true, refreshEveryMs });
  const { inbox, client } = opened;
  const interrupt = abortOnInterrupt();
  const stopped = interrupt.signal;
  // The reader left (`| head -1`): the next write fails; stop as on Ctrl-C.
  const readerLeft = new AbortController();
  const leave = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') readerLeft.abort();
  };
  process.stdout.on('error', leave);
  const filter: InboxFilter = source ? { source } : {};
  let lastCounts = '';
  const emitCounts = () => {
    if (!args.json) return;
    const counts = countsLine(inbox.items(filter));
    const text = JSON.stringify(counts);
    if (text === lastCounts) return;
    lastCounts = text;
    out.json(counts);
  };
  const offArrive = inbox.onArrive((items) => {
    for (const item of items) {
      if (source !== undefined && item.source !== source) continue;
      if (args.json) out.json({ type: 'arrival', ...item });
      else printItem(out, item);
    }
    emitCounts();
  });
  // After the arrival lines of the same change (onArrive follows the change listeners synchronously).
  const offChange = inbox.subscribe(() => queueMicrotask(emitCounts));
  const feed = startMentionFeed({
    client,
    cursorStore: new MemoryCursorStore<string>(startAt),
    ...(startAt === undefined ? { startAt: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString() } : {}),
    onCue: () => void inbox.refresh().then((report) => report.errors.length > 0 && sayReport(out, report), () => undefined),
  });
  let failure: unknown;
  try {
    emitCounts();
    if (!args.json) out.note(term`Following the inbox (${safe(String(inbox.unreadCount(filter)))} unread; wsc inbox lists them); press Ctrl-C to stop.`);
    inbox.start();
    const ended = new Promise<void>((resolve) => {
      stopped.addEventListener('abort', () => resolve(), { once: true });
      readerLeft.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    const events = (async () => {
      for await (const event of feed.watcher.events()) {
        if (event.type === 'mention') await inbox.ingestMentions([event.row]).catch(() => undefined);
        else if (event.type === 'status' && event.state === 'reconnecting' && !args.json) out.note(term`reconnecting… (${safe(event.detail ?? '')})`);
        else if (event.type === 'unauthorized' || (event.type === 'error' && isFinalError(event.error))) {
          failure = event.error;
          return;
        }
      }
    })();
    await Promise.race([ended, events]);
  } finally {
    process.stdout.off('error', leave);
    interrupt.dispose();
    offArrive();
    offChange();
    await feed.stop();
    await opened.close();
  }
  if (failure !== undefined) throw failure;
  return 0;
}

function newestMention(items: readonly InboxItem[]): string | undefined {
  let newest: string | undefined;
  for (const i of items) {
    if (i.source !== 'mention' && i.source !== 'dm') continue;
    if (newest === undefined || Date.parse(i.at) > Date.parse(newest)) newest = i.at;
  }
  return newest;
}

// ---- done, read, watch ----

/** The ids as given, each found in the inbox: exactly, or by its key alone (`T-2` for `task:T-2`) when one item has it. */
function resolveIds(items: readonly InboxItem[], given: readonly string[], sub: string): string[] {
  if (given.length === 0) throw usageError(`inbox ${sub}: which items?`, `Give their ids from wsc inbox: wsc inbox ${sub} task:T-2${sub === 'done' ? ' (or --all)' : ''}`);
  return given.map((id) => {
    if (items.some((i) => i.id === id)) return id;
    const byShort = items.filter((i) => shortId(i.id) === id);
    if (byShort.length === 1 && byShort[0]) return byShort[0].id;
    const byKey = items.filter((i) => i.id.endsWith(`:${id}`) || i.id.slice(i.id.indexOf(':') + 1) === id);
    if (byKey.length === 1 && byKey[0]) return byKey[0].id;
    if (byKey.length > 1) throw usageError(`inbox ${sub}: '${id}' names ${byKey.length} items (${byKey.map((i) => i.id).join(', ')}).`, 'Give the whole id as wsc inbox shows it.');
    throw new CliError('not_found', `There is no inbox item '${id}'.`, 'wsc inbox lists the ids (wsc inbox --done shows done ones too).');
  });
}

async function markDone(args: ParsedArgs, ids: string[], source: InboxSource | undefined): Promise<number> {
  const out = createOutput();
  if (args.flags.all && ids.length > 0) throw usageError('inbox done: give ids or --all, not both.', 'wsc inbox done task:T-2 · wsc inbox done --all --source mention');
  if (!args.flags.all && source !== undefined) throw usageError('inbox done: --source goes with --all.', 'wsc inbox done --all --source mention');
  const opened = await openInbox(args, { live: false });
  try {
    const { inbox } = opened;
    if (args.flags.all) {
      const n = await inbox.markAllDone(source ? { source } : {});
      if (args.json) out.json({ done: n });
      else out.line(term`Marked ${safe(String(n))} item${n === 1 ? term`` : term`s`} done${source ? term` (${safe(source)})` : term``}.`);
      return 0;
    }
    const resolved = resolveIds(inbox.items({ done: true }), ids, 'done');
    await inbox.mark(resolved, 'done');
    if (args.json) out.json({ done: resolved });
    else for (const id of resolved) out.line(term`Done: ${safe(id)}`);
    return 0;
  } finally {
    await opened.close();
  }
}

async function markRead(args: ParsedArgs, ids: string[]): Promise<number> {
  const out = createOutput();
  const opened = await openInbox(args, { live: false });
  try {
    const { inbox } = opened;
    const resolved = resolveIds(inbox.items({ done: true }), ids, 'read');
    await inbox.mark(resolved, 'read');
    if (args.json) out.json({ read: resolved });
    else for (const id of resolved) out.line(term`Read: ${safe(id)}`);
    return 0;
  } finally {
    await opened.close();
  }
}

async function watch(args: ParsedArgs, rest: string[]): Promise<number> {
  const out = createOutput();
  const [runId, ...more] = rest;
  if (runId === undefined || runId === '') throw usageError('inbox watch: which run?', 'Give its id: wsc inbox watch RUN_ID (wsc events RUN_ID shows a run).');
  if (more.length > 0) throw usageError('inbox watch: one run at a time.', 'wsc inbox watch RUN_ID');
  const opened = await openInbox(args, { live: true });
  try {
    const { inbox, client } = opened;
    if (opened.unreachable !== undefined) throw opened.unreachable;
    try {
      await client.runEvents(runId, {});
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 403)) {
        throw new CliError('not_found', `There is no run '${runId}' you can read.`, 'Check the id (a run started for you is watched by itself once its message mentions you).');
      }
      throw error;
    }
    const added = await inbox.watchRun(runId, `run ${shortId(runId)}`);
    // The run's state now (a run that already waits for you arrives at once).
    sayReport(out, await inbox.refresh());
    if (args.json) out.json({ watching: runId, added });
    else out.line(added ? term`Watching run ${safe(runId)}: its settling arrives in wsc inbox (and wsc inbox --follow).` : term`Run ${safe(runId)} was already watched.`);
    return 0;
  } finally {
    await opened.close();
  }
}
