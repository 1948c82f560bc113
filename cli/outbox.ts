// `wsc outbox [list|retry [ID]|edit ID TEXT|drop ID]`: what waits to be sent, and what to do about it.
import { hasOutbox, knownAccount, provisionalAccount, terminalOfflineRoot, type Outbox, type OutboxEntry, type OutboxSender, type ReplayReport } from '../shared/index';
import { parseArgs, type ParsedArgs } from './args';
import { EXIT, exitCodeForCode } from './exit-codes';
import { CliError, usageError } from '../term/cli-error';
import { connect, resolveFor } from '../term/connect';
import { describeOperation, describeReason, existingOutboxFor, openTerminalOutbox, outboxAccountFor, terminalOutboxSession } from '../term/outbox';
import { createOutput, safe, safeJson, term, type Output } from './output';
import { olderOutboxReporter } from './outbox-notes';
import { textOrStdin } from './stdin';

export async function runOutbox(argv: string[]): Promise<number> {
  const args = parseArgs('outbox', argv);
  const [sub = 'list', ...rest] = args.positionals;
  switch (sub) {
    case 'list':
      if (rest.length > 0) throw usageError('outbox list: takes no arguments.', 'wsc outbox list [--json]');
      return list(args);
    case 'retry':
      return retry(args, rest);
    case 'drop':
      return drop(args, rest);
    case 'edit':
      return edit(args, rest);
    default:
      throw usageError(`outbox: unknown subcommand '${sub}'.`, 'Use list, retry [ID], edit ID TEXT or drop ID (see wsc outbox --help).');
  }
}

/** The outbox of the configured connection without asking the service; undefined when none was ever made. */
async function localOutbox(args: ParsedArgs): Promise<Outbox | undefined> {
  const connection = await resolveFor(args);
  if (connection.baseUrl === null || connection.token === null) return undefined;
  return await existingOutboxFor({ baseUrl: normalisedUrl(connection.baseUrl), token: connection.token });
}

/** As the Client spells it (no trailing slash), so the account is found under the same key. */
function normalisedUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

function idArg(rest: string[], sub: string): number {
  const [text, ...more] = rest;
  if (text === undefined) throw usageError(`outbox ${sub}: which entry?`, `Give its number from wsc outbox list: wsc outbox ${sub} 3`);
  if (more.length > 0 && sub !== 'edit') throw usageError(`outbox ${sub}: one entry at a time.`, `wsc outbox ${sub} 3`);
  const id = Number(text.replace(/^#/, ''));
  if (!Number.isSafeInteger(id) || id < 1) throw usageError(`outbox ${sub}: '${text}' is not an entry number.`, 'Entry numbers are shown by wsc outbox list.');
  return id;
}

function noSuchEntry(id: number): CliError {
  return new CliError('not_found', `There is no outbox entry ${id}.`, 'wsc outbox list shows what waits.');
}

function entryJson(e: OutboxEntry): Record<string, unknown> {
  return { id: e.id, state: e.state, operation: e.operation, created_at: new Date(e.createdAt).toISOString(), attempts: e.attempts, last_error: e.lastError ?? null };
}

function printEntry(out: Output, e: OutboxEntry): void {
  const when = new Date(e.createdAt).toISOString().replace(/\.\d+Z$/, 'Z');
  out.line(term`${out.bold(safe(String(e.id)))}  ${safe(e.state)}  ${safe(describeOperation(e.operation))}  (queued ${safe(when)})`);
  if (e.state === 'failed' && e.lastError) {
    out.line(term`    refused: ${safe(e.lastError.message)} [${safe(e.lastError.code)}]`);
    if (e.lastError.hint) out.line(term`    hint: ${safe(e.lastError.hint)}`);
    out.line(term`    edit: wsc outbox edit ${safe(String(e.id))} TEXT · retry: wsc outbox retry ${safe(String(e.id))} · drop: wsc outbox drop ${safe(String(e.id))}`);
  } else if (e.lastError) {
    out.line(out.dim(term`    last try: ${safe(describeReason(e.lastError))}`));
  }
}

async function list(args: ParsedArgs): Promise<number> {
  const out = createOutput();
  const outbox = await localOutbox(args);
  const entries = outbox?.list() ?? [];
  outbox?.close();
  if (args.json) {
    for (const e of entries) out.line(safeJson(entryJson(e)));
    return 0;
  }
  if (entries.length === 0) out.line(term`Nothing waits in the outbox.`);
  for (const e of entries) printEntry(out, e);
  return 0;
}

async function retry(args: ParsedArgs, rest: string[]): Promise<number> {
  const out = createOutput();
  const id = rest.length > 0 ? idArg(rest, 'retry') : undefined;
  const { client, connection } = await connect(args);
  const account = await outboxAccountFor(client, { baseUrl: client.baseUrl, token: connection.token });
  const outbox = account ? await openTerminalOutbox(terminalOfflineRoot(), account) : undefined;
  try {
    if (outbox === undefined) throw new CliError('network_error', 'The service could not be reached, and nothing was ever queued for this connection.', 'Check the address (wsc status) and try again.');
    if (id !== undefined) {
      const entry = outbox.get(id);
      if (!entry) throw noSuchEntry(id);
      outbox.retry(id);
    } else {
      outbox.retryAll();
    }
    const sent: OutboxEntry[] = [];
    const refused: OutboxEntry[] = [];
    const older = olderOutboxReporter();
    const { replayOutbox } = await import('../shared/outbox');
    const report = await replayOutbox(outbox, client, {
      onSent: (e, r) => {
        sent.push(e);
        if (!args.json) older.onSent?.(e, r);
      },
      onFailed: (e, said, error) => {
        refused.push(e);
        if (!args.json) older.onFailed?.(e, said, error);
      },
    });
    const waiting = outbox.list();
    if (args.json) out.json({ sent: sent.length, refused: refused.map((e) => e.id), waiting: waiting.map(entryJson), stopped_by: report.stoppedBy ?? null, busy: report.busy });
    else summarise(out, sent.length, waiting, report);
    return retryExitCode(report, waiting, refused);
  } finally {
    outbox?.close();
    await client.close();
  }
}

function summarise(out: Output, sent: number, waiting: OutboxEntry[], report: ReplayReport): void {
  out.line(term`Sent ${safe(String(sent))} from the outbox; ${safe(String(waiting.length))} still wait${safe(waiting.length === 1 ? 's' : '')}.`);
  if (report.stoppedBy) out.note(term`wsc: stopped: ${safe(describeReason(report.stoppedBy))}; the rest waits for the next try.`);
  if (report.busy) out.note(term`wsc: another wsc process is sending the outbox; it sends the rest in order.`);
}

function retryExitCode(report: ReplayReport, waiting: OutboxEntry[], refused: OutboxEntry[]): number {
  const firstRefusal = refused[0]?.id;
  const refusedNow = waiting.find((e) => e.id === firstRefusal);
  if (refusedNow?.lastError) return exitCodeForCode(refusedNow.lastError.code);
  if (waiting.some((e) => e.state === 'pending')) return EXIT.queued;
  return report.stoppedBy ? EXIT.queued : EXIT.ok;
}

async function drop(args: ParsedArgs, rest: string[]): Promise<number> {
  const id = idArg(rest, 'drop');
  const out = createOutput();
  const connection = await resolveFor(args);
  if (connection.baseUrl === null || connection.token === null) throw noSuchEntry(id);
  const keys = { baseUrl: normalisedUrl(connection.baseUrl), token: connection.token };
  const root = terminalOfflineRoot();
  const account = knownAccount(root, keys) ?? provisionalAccount(keys);
  if (!hasOutbox(root, account)) throw noSuchEntry(id);
  // The session's drop: one another process is sending right now is stopped by it, then removed.
  const session = terminalOutboxSession(unsendable, account, root);
  try {
    const entry = await session.entry(id);
    if (!entry) throw noSuchEntry(id);
    const outcome = await session.drop(id);
    if (outcome === 'sent') throw new CliError('conflict', `Outbox entry ${id} was sent before it could be stopped.`, 'wsc read shows it; delete or edit the message there if it is not wanted.');
    if (outcome === 'absent') throw noSuchEntry(id);
    if (args.json) out.json({ dropped: entryJson(entry) });
    else out.line(term`Dropped ${safe(String(id))}: ${safe(describeOperation(entry.operation))}`);
    return 0;
  } finally {
    await session.close();
  }
}

async function edit(args: ParsedArgs, rest: string[]): Promise<number> {
  const id = idArg(rest, 'edit');
  const words = rest.slice(1);
  if (words.length === 0) throw usageError('outbox edit: missing the new text.', `wsc outbox edit ${id} 'the corrected text' (or '-' for stdin)`);
  const body = words.length === 1 && words[0] === '-' ? await textOrStdin('-') : words.join(' ');
  if (body.trim() === '') throw usageError('outbox edit: the text is empty.', 'Give the new text, or drop the entry.');
  const out = createOutput();
  const outbox = await localOutbox(args);
  try {
    const entry = outbox?.get(id);
    if (!outbox || !entry) throw noSuchEntry(id);
    if (entry.operation.kind === 'task_update' || entry.operation.kind === 'doc_save') {
      throw usageError(`outbox edit: entry ${id} is a ${entry.operation.kind === 'doc_save' ? 'doc save' : 'task update'}, which has no message text to edit.`, `Drop it (wsc outbox drop ${id}) and make the change again.`);
    }
    const edited = outbox.editBody(id, body);
    if (!edited) throw new CliError('conflict', `Outbox entry ${id} may already have reached the service, so its text stays.`, `Let it be sent (wsc outbox retry), or drop it (wsc outbox drop ${id}).`);
    if (args.json) out.json({ edited: entryJson(edited) });
    else out.line(term`Edited ${safe(String(id))}: ${safe(describeOperation(edited.operation))}. wsc outbox retry sends it.`);
    return 0;
  } finally {
    outbox?.close();
  }
}

/** Dropping sends nothing: a session that only drops needs no client. */
const unsendable: OutboxSender = new Proxy({} as OutboxSender, {
  get: () => () => Promise.reject(new Error('wsc outbox drop sends nothing.')),
});
