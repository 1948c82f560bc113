// `wsc share <file>[:L1-L2] <#channel|T-n> [--thread ID] [--note TEXT]`: lines of a file as a
// message (a fenced block in the file's language under `path:lines`, linked to the permalink when
// the commit is on the remote), posted in a channel or added to a task as a note. Binary files,
// empty lines and snippets over the message size are refused before anything is sent.
import { readFile, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { codePermalink, codeSnippetMessage, isBinaryBytes, languageForPath, type CodeLocation } from '../shared/index';
import { noExtraPositionals, parseArgs, required } from './args';
import { findChannel } from './channel-lookup';
import { CliError, usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { readGitContext } from '../term/git';
import { commitIsPushed, fileChangedSinceHead, headCommit, runGit } from '../term/git-work';
import { createOutput, safe, term } from './output';

interface FileSpec {
  file: string;
  lines: { first: number; last: number } | null;
}

const RANGE = /^(.+?):L?(\d+)(?:-L?(\d+))?$/i;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** `file`, `file:12` or `file:12-18` (also `file:L12-L18`); a file whose own name looks like that wins. */
async function parseFileSpec(arg: string): Promise<FileSpec> {
  const m = RANGE.exec(arg);
  if (!m || (await exists(arg))) return { file: arg, lines: null };
  const first = Number(m[2]);
  const last = m[3] === undefined ? first : Number(m[3]);
  if (first < 1 || last < first) throw usageError(`share: '${arg}' is not a line range.`, 'Give the lines as FILE:FIRST-LAST with FIRST at least 1, e.g. src/app.ts:12-18');
  return { file: m[1] ?? arg, lines: { first, last } };
}

async function readBytes(file: string): Promise<Uint8Array> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw usageError(`share: '${file}' is a folder.`, 'Give a file, e.g. wsc share src/app.ts:1-20 #general');
    return await readFile(file);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw usageError(`share: cannot read '${file}'.`, 'Check the path (relative to this folder).');
  }
}

/** Where the lines are: repository path and commit (for the permalink) when the file is unchanged in a commit. */
async function locationOf(file: string, first: number, last: number): Promise<CodeLocation> {
  const absolute = resolve(file);
  const top = (await runGit(['rev-parse', '--show-toplevel'], dirname(absolute))).stdout;
  if (top === '') return { remoteUrl: null, commit: null, path: file.split(sep).join('/'), startLine: first, endLine: last };
  const path = relative(top, absolute).split(sep).join('/');
  const commit = (await fileChangedSinceHead(path, top)) ? null : await headCommit(top);
  const pushed = commit !== null && (await commitIsPushed(commit, top));
  const git = await readGitContext(top);
  return { remoteUrl: pushed ? (git?.remoteUrl ?? null) : null, commit, path, startLine: first, endLine: last };
}

export async function runShare(argv: string[]): Promise<number> {
  const args = parseArgs('share', argv, { strings: ['thread', 'note'] });
  const spec = await parseFileSpec(required(args, 0, 'the file (FILE or FILE:L1-L2)', 'share'));
  const target = required(args, 1, 'where to share it (#channel or T-n)', 'share');
  noExtraPositionals(args, 2, 'share');
  const taskRef = /^[Tt]-([1-9]\d{0,9})$/.exec(target);
  if (taskRef && args.values.thread !== undefined) throw usageError('share: --thread applies to a channel, not a task.', 'Drop --thread, or share to a channel: wsc share FILE #general --thread ID');

  const bytes = await readBytes(spec.file);
  if (isBinaryBytes(bytes)) throw usageError(`share: '${spec.file}' is binary, not text; nothing was sent.`, 'Share a text file, or post a link to the file instead.');
  const lines = new TextDecoder().decode(bytes).split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const first = spec.lines?.first ?? 1;
  const last = spec.lines?.last ?? lines.length;
  if (last > lines.length) {
    throw usageError(`share: '${spec.file}' has ${lines.length} line${lines.length === 1 ? '' : 's'}; there is no line ${last}.`, `Give lines from 1 to ${lines.length}.`);
  }
  const location = await locationOf(spec.file, first, last);
  const snippet = codeSnippetMessage({ location, language: languageForPath(spec.file), text: lines.slice(first - 1, last).join('\n'), note: args.values.note, into: taskRef ? 'note' : 'message' });
  if (!snippet.ok) throw usageError(`share: ${snippet.message} Nothing was sent.`, snippet.hint);

  const out = createOutput();
  const where = `${location.path}:${first}${last > first ? `-${last}` : ''}`;
  const permalink = codePermalink(location);
  return withClient(args, async ({ client }) => {
    if (taskRef) {
      const ref = `T-${Number(taskRef[1])}`;
      const result = await client.patchTask(ref, { append_note: snippet.body });
      if (args.json) out.json({ ...result, shared: where, permalink });
      else out.line(term`Added ${safe(where)} to ${safe(result.ref)} as a note.`);
      return 0;
    }
    const channel = await findChannel(client, target);
    const result = await client.postMessage(channel.id, { body: snippet.body, ...(args.values.thread ? { parent_id: args.values.thread } : {}) });
    if (args.json) out.json({ ...result, shared: where, permalink });
    else out.line(term`Shared ${safe(where)} in #${safe(channel.name)}: ${safe(result.url)}`);
    return 0;
  });
}
