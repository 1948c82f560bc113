// `wsc doc list|get|edit|put`.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  docTreeChildren,
  docTreeParents,
  runDocSaveRound,
  UnexpectedResponseError,
  type Doc,
  type DocListItem,
  type PatchDocResult,
} from '../shared/index';
import { listNotesText, loadWholeDocs, type WholeDocs } from '../shared/index';
import { outboxSessionFor, queuedNote } from '../term/outbox';
import { EXIT } from './exit-codes';
import { integerFlag, noExtraPositionals, parseArgs, required, type ParsedArgs } from './args';
import { CliError, usageError } from '../term/cli-error';
import { connect, withClient } from '../term/connect';
import { cachedMark, readLiveOrCached } from '../term/offline-cache';
import { openInEditor } from '../term/editor';
import { createOutput, padSafe, safe, safeText, term, type Output } from './output';
import { readAllStdin } from './stdin';
import { writeMarkdown } from './markdown-output';
import { findDoc, pickByTitle } from './doc-lookup';

export async function runDoc(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list':
      return list(parseArgs('doc list', rest, { strings: ['text', 'limit'], booleans: ['offline'] }));
    case 'get':
      return get(parseArgs('doc get', rest, { booleans: ['raw', 'offline'] }));
    case 'edit':
      return edit(parseArgs('doc edit', rest));
    case 'put':
      return put(parseArgs('doc put', rest, { strings: ['expected-updated-at'], booleans: ['force'] }));
    default:
      throw usageError(sub ? `doc: unknown subcommand '${sub}'.` : 'doc: missing the subcommand.', "Use list, get, edit or put; see 'wsc doc --help'.");
  }
}

async function list(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'doc list');
  const limit = integerFlag(args, 'limit', 'doc list', { min: 1 });
  const out = createOutput();
  return withClient(args, async ({ client, connection }) => {
    const text = args.values.text?.toLowerCase();
    const read = await readLiveOrCached<WholeDocs>(
      { offline: args.flags.offline === true, warn: (line) => out.note(safe(line)), what: 'the docs tree', connection },
      // Without --limit, the service's most (learnt from its published document).
      () => loadWholeDocs(client, args.values.text, limit),
      (cache) => {
        // Offline, --text matches titles only (the service also searches bodies).
        const kept = cache.get<DocListItem[]>('docs');
        if (!kept) return undefined;
        const docs = text === undefined ? kept.value : kept.value.filter((d) => d.title.toLowerCase().includes(text));
        const shown = docs.slice(0, limit ?? docs.length);
        return { value: { docs: shown, truncated: shown.length < docs.length, repeated: 0, extra: 0, requests: 0 }, savedAt: kept.savedAt };
      },
    );
    const { docs, truncated } = read.value;
    const notes = listNotesText(read.value);
    if (notes !== null) out.note(term`wsc: ${safe(notes)}`);
    if (truncated) {
      out.note(term`wsc: showing ${safe(String(docs.length))} docs${safe(limit !== undefined ? ` (--limit ${limit})` : '')}; more exist or may exist, and folders marked "(may be incomplete)" may hold more. Narrow with --text (searches titles and bodies) or raise --limit.`);
    }
    if (args.json) out.json({ docs, ...(truncated ? { truncated: true } : {}), ...cachedMark(read) });
    else if (docs.length === 0) out.line(term`No docs.`);
    else printTree(out, docs, truncated);
    return 0;
  });
}

/** Folders and docs as an indented tree (the shared tree: a doc without a reachable parent starts at the top); `cut`: folders may be missing children. */
function printTree(out: Output, docs: readonly DocListItem[], cut = false): void {
  const parents = docTreeParents(docs);
  const walk = (parent: string | null, depth: number) => {
    for (const d of docTreeChildren(docs, parent, parents)) {
      const name = d.is_folder ? term`${safe(d.title)}/` : safe(d.title);
      const incomplete = d.is_folder && cut ? out.dim(term` (may be incomplete)`) : term``;
      out.line(term`${padSafe(term``, depth * 2)}${d.is_folder ? out.bold(name) : name}${incomplete}  ${out.dim(safe(d.id))}`);
      walk(d.id, depth + 1);
    }
  };
  walk(null, 0);
}

async function get(args: ParsedArgs): Promise<number> {
  const given = required(args, 0, 'the doc id or title', 'doc get');
  noExtraPositionals(args, 1, 'doc get');
  const out = createOutput();
  return withClient(args, async ({ client, connection }) => {
    const read = await readLiveOrCached<Doc>(
      { offline: args.flags.offline === true, warn: (line) => out.note(safe(line)), what: `the doc ${given}`, connection },
      () => findDoc(client, given, 'doc get'),
      (cache) => {
        const byId = cache.get<Doc>('doc', given);
        if (byId) return byId;
        const tree = cache.get<DocListItem[]>('docs');
        const match = tree ? pickByTitle(tree.value, given) : undefined;
        return match?.kind === 'one' ? cache.get<Doc>('doc', match.doc.id) : undefined;
      },
    );
    const doc = read.value;
    if (args.json) out.json({ ...doc, ...cachedMark(read) });
    else if (args.flags.raw) out.write(safeText(doc.body));
    else {
      out.line(out.bold(safe(doc.title)));
      out.line(out.dim(term`updated ${safe(doc.updated_at)} · ${safe(doc.id)}`));
      out.line();
      writeMarkdown(out, doc.body);
    }
    return 0;
  });
}

function printSaved(out: Output, json: boolean, doc: { id: string; title: string }, result: PatchDocResult, extra: Record<string, unknown> = {}): void {
  const understood = result.saved === true ? typeof result.updated_at === 'string' : result.saved === false && typeof result.pull_request?.url === 'string';
  if (!understood) {
    // The service accepted the save (2xx) in a shape not documented: not a failure, but say so.
    if (json) out.json({ id: doc.id, saved: true, note: "the service's answer was not understood", ...extra });
    else out.line(term`Saved "${safe(doc.title)}" (the service's answer was not understood; \`wsc doc get ${safe(doc.id)}\` shows what it holds).`);
  } else if (json) {
    out.json({ id: doc.id, ...result, ...extra });
  } else if (result.saved) {
    out.line(term`Saved "${safe(doc.title)}" (updated ${safe(result.updated_at)}).`);
  } else {
    out.line(term`"${safe(doc.title)}" mirrors the rules file: the edit was opened as pull request #${result.pull_request.number}: ${safe(result.pull_request.url)}`);
  }
}

/** How many times `edit` reopens the editor for conflicts before leaving the file to the person. */
const MAX_MERGE_ROUNDS = 5;

async function edit(args: ParsedArgs): Promise<number> {
  const given = required(args, 0, 'the doc id or title', 'doc edit');
  noExtraPositionals(args, 1, 'doc edit');
  const out = createOutput();
  const { client, connection } = await connect(args);
  const dir = await mkdtemp(join(tmpdir(), 'wsc-doc-'));
  let keep = false;
  try {
    const found = await findDoc(client, given, 'doc edit');
    const id = found.id;
    // Named by the client, never by the doc's title (a server string): .md so the editor picks Markdown.
    const file = join(dir, 'doc.md');
    await writeFile(file, found.body, { mode: 0o600 });
    keep = true; // from here on the file may hold the person's text
    await openInEditor(file);
    const mine = await readFile(file, 'utf8');
    if (mine === found.body) {
      if (args.json) out.json({ id, changed: false });
      else out.line(term`No changes; nothing saved.`);
      keep = false;
      return 0;
    }
    // The shared round; this face takes a clean merge and reopens the editor on a conflict.
    const outcome = await runDocSaveRound(
      { doc: { id, title: found.title }, base: found, mine },
      {
        client,
        maxRounds: MAX_MERGE_ROUNDS,
        queue: async (operation) => {
          const session = await outboxSessionFor(client, { baseUrl: client.baseUrl, token: connection.token });
          if (!session) return undefined;
          try {
            return (await session.send(operation)).entry;
          } finally {
            await session.close();
          }
        },
        choose: async (race) => {
          if (race.kind === 'merged_clean') {
            out.note(term`The doc changed while you edited; your edits were merged with theirs.`);
            await writeFile(file, race.merged, { mode: 0o600 });
            return { kind: 'take_merged' };
          }
          await writeFile(file, race.conflictText, { mode: 0o600 });
          const lines = race.hunks.map((h) => h.markerLine).join(', ');
          out.note(term`The doc changed while you edited and ${race.hunks.length} part(s) overlap (lines ${safe(lines)}); resolve the conflict markers in the editor.`);
          await openInEditor(file);
          return { kind: 'edited', text: await readFile(file, 'utf8') };
        },
      },
    );
    switch (outcome.kind) {
      case 'saved':
        printSaved(out, args.json, { id, title: found.title }, { saved: true, updated_at: outcome.updated_at });
        keep = false;
        return 0;
      case 'pull_request':
        printSaved(out, args.json, { id, title: found.title }, { saved: false, pull_request: { url: outcome.url, number: outcome.number } });
        keep = false;
        return 0;
      case 'already_saved':
        if (args.json) out.json({ id, saved: true, updated_at: outcome.updated_at, note: 'identical text was already saved' });
        else out.line(term`Someone saved exactly the same text meanwhile; nothing left to save.`);
        keep = false;
        return 0;
      case 'unconfirmed':
        if (args.json) out.json({ id, saved: true, note: "the service's answer was not understood" });
        else out.line(term`Sent; the service accepted it but its answer was not understood. Your text stays in ${safe(file)}; \`wsc doc get ${safe(id)}\` shows what the doc holds now.`);
        return 0;
      case 'queued':
        // The service went away while the doc was being edited: the save waits in the outbox with
        // the version it was edited from, and is merged when it is sent.
        if (args.json) out.json({ id, saved: false, queued: true, outbox_id: outcome.entry.id, reason: outcome.reason });
        out.note(term`wsc: ${safe(queuedNote(outcome.entry, outcome.reason))} Your text is also kept in ${safe(file)}.`);
        return EXIT.queued;
      case 'failed':
        throw withKeptFile(outcome.error, file);
      case 'unresolved':
      case 'discarded':
        await writeFile(file, outcome.mine, { mode: 0o600 });
        throw unresolved(file, id, outcome.kind === 'unresolved' ? outcome.race.theirs.updated_at : found.updated_at);
    }
    return outcome satisfies never;
  } finally {
    await client.close();
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
}

function unresolved(file: string, id: string, updatedAt: string): CliError {
  return new CliError(
    'conflict',
    `The doc was not saved: conflict markers are still in ${file}.`,
    `Resolve them, then save with: wsc doc put ${id} ${file} --expected-updated-at ${updatedAt}`,
  );
}

function withKeptFile(error: unknown, file: string): unknown {
  if (error instanceof Error && 'hint' in error && typeof error.hint === 'string' && 'code' in error && typeof error.code === 'string') {
    return new CliError(error.code, `${error.message} Your text is kept in ${file}.`, error.hint);
  }
  return error;
}

async function put(args: ParsedArgs): Promise<number> {
  const given = required(args, 0, 'the doc id or title', 'doc put');
  noExtraPositionals(args, 2, 'doc put');
  const source = args.positionals[1] ?? '-';
  const text = source === '-' ? await readAllStdin() : await readFile(source, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw usageError(`doc put: cannot read ${source} (${e.code ?? 'error'}).`, 'Give a readable file, or - for stdin.');
  });
  let body = text;
  let expected = args.values['expected-updated-at'];
  const fromGet = parseDocJson(text);
  if (fromGet) {
    body = fromGet.body;
    expected ??= fromGet.updated_at;
  }
  const out = createOutput();
  return withClient(args, async ({ client }) => {
    const doc = await findDoc(client, given, 'doc put').catch((error: unknown) => {
      throw noVersionField(error) ?? error;
    });
    const id = doc.id;
    if (expected === undefined && !args.flags.force) {
      throw usageError(
        'doc put: without --expected-updated-at the save could overwrite someone else\'s edit.',
        `Pass the updated_at you read (wsc doc get ${given} --json), pipe that JSON in, or add --force to overwrite.`,
      );
    }
    if (fromGet?.id !== undefined && fromGet.id !== id) {
      throw usageError(`doc put: the JSON is of doc ${fromGet.id}, not ${id}.`, 'Put it to the doc it came from.');
    }
    const result = await client.patchDoc(id, { body, ...(expected !== undefined ? { expected_updated_at: expected } : {}) });
    printSaved(out, args.json, doc, result);
    return 0;
  });
}

/**
 * A doc read without its version (a service that names `updated_at` otherwise) cannot be saved
 * safely: say that, rather than only "the field is missing" or "use --expected-updated-at".
 */
function noVersionField(error: unknown): UnexpectedResponseError | null {
  if (!(error instanceof UnexpectedResponseError) || error.field !== 'updated_at') return null;
  return new UnexpectedResponseError({
    code: 'unexpected_response',
    message: `doc put: the service's doc has no version field ("updated_at"), so wsc cannot check that a save would not overwrite someone else's edit.`,
    hint: 'Run `wsc doctor` to see how the service differs from what wsc relies on; saving docs needs a service that states their version.',
    status: error.status,
    path: error.path,
    field: 'updated_at',
  });
}

/** The JSON of `wsc doc get --json` (a doc object with body and updated_at), else null. */
function parseDocJson(text: string): { id?: string; body: string; updated_at: string } | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    if (typeof data.body !== 'string' || typeof data.updated_at !== 'string') return null;
    return { id: typeof data.id === 'string' ? data.id : undefined, body: data.body, updated_at: data.updated_at };
  } catch {
    return null;
  }
}
