// `wsc cache [info] | path | clear`: this account's offline cache (never its outbox).
import { existsSync, statSync } from 'node:fs';
import { noExtraPositionals, parseArgs, type ParsedArgs } from './args';
import { usageError } from '../term/cli-error';
import { connect } from '../term/connect';
import { accountCachePath, knownAccount, openAccountCache, removeAccountCache, savedAgo } from '../term/offline-cache';
import { createOutput, safe, term } from './output';
import type { OfflineAccount } from '../shared/index';

export async function runCache(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv[0] === undefined || argv[0].startsWith('-') ? ['info', ...argv] : argv;
  switch (sub) {
    case 'info':
      return info(parseArgs('cache info', rest));
    case 'path':
      return path(parseArgs('cache path', rest));
    case 'clear':
      return clear(parseArgs('cache clear', rest));
    default:
      throw usageError(`cache: unknown subcommand '${sub ?? ''}'.`, "Use info, path or clear; see 'wsc cache --help'.");
  }
}

/** The account of the configured connection, as learnt before (no request); undefined when never learnt. */
async function accountOf(args: ParsedArgs): Promise<OfflineAccount | undefined> {
  const { client, connection } = await connect(args);
  await client.close();
  return knownAccount(connection.baseUrl as string, connection.token as string);
}

const NOT_KNOWN = 'No offline cache for this connection yet (wsc login, wsc sync, the terminal UI or VS Code fill it).';

async function path(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'cache path');
  const out = createOutput();
  const account = await accountOf(args);
  if (!account) {
    if (args.json) out.json({ path: null });
    else out.note(safe(NOT_KNOWN));
    return 0;
  }
  const file = accountCachePath(account);
  if (args.json) out.json({ path: file, exists: existsSync(file) });
  else out.line(safe(file));
  return 0;
}

async function info(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'cache info');
  const out = createOutput();
  const account = await accountOf(args);
  const file = account ? accountCachePath(account) : undefined;
  if (!account || !file || !existsSync(file)) {
    if (args.json) out.json({ path: file ?? null, exists: false });
    else out.line(safe(NOT_KNOWN));
    return 0;
  }
  const opened = await openAccountCache(account, (l) => out.note(safe(l)));
  try {
    const summary = opened.summary();
    const bytes = statSync(file).size;
    if (args.json) {
      out.json({ path: file, exists: true, bytes, sqlite: opened.engine, messages: summary.messages, kinds: summary.kinds.map((k) => ({ ...k, newestSavedAt: new Date(k.newestSavedAt).toISOString() })) });
      return 0;
    }
    out.line(term`${safe(file)} (${safe(String(Math.round(bytes / 1024)))} KiB)`);
    const names: Record<string, string> = { scope: 'channels and threads with messages', members: 'channel member lists', doc: 'doc bodies', run: 'settled run timelines' };
    for (const k of summary.kinds) out.line(term`  ${safe(names[k.kind] ?? k.kind)}: ${safe(String(k.entries))}, newest saved ${safe(savedAgo(k.newestSavedAt))}`);
    out.line(term`  messages: ${safe(String(summary.messages))}`);
    out.line(term`  SQLite: ${safe(opened.engine === 'native' ? 'native (better-sqlite3)' : 'WebAssembly (node-sqlite3-wasm; the native binding did not load in this Node)')}`);
    return 0;
  } finally {
    opened.close();
  }
}

async function clear(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'cache clear');
  const out = createOutput();
  const account = await accountOf(args);
  const removed = account ? removeAccountCache(account) : false;
  if (args.json) out.json({ removed, path: account ? accountCachePath(account) : null });
  else if (removed && account) out.line(term`Removed the offline cache ${safe(accountCachePath(account))} (the outbox is kept).`);
  else out.line(term`No offline cache for this connection; nothing to remove.`);
  return 0;
}
