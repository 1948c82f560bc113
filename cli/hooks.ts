// `wsc hooks install|uninstall [--mode prefix|trailer]`: a prepare-commit-msg hook that adds the
// branch's task ref to each commit message (the shared commitMessageWithRef, run by this same wsc),
// and `wsc hooks prepare-commit-msg FILE [SOURCE]`, what the hook runs. A hook wsc did not write
// (no marker line) is never overwritten or removed.
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COMMIT_REF_MODES, commitMessageWithRef, taskRefFromBranch, type CommitRefMode } from '../shared/core';
import { noExtraPositionals, parseArgs, required, type ParsedArgs } from './args';
import { CliError, usageError } from '../term/cli-error';
import { currentBranch, hooksFolder, repoTop } from '../term/git-work';
import { createOutput, safe, term } from './output';

const HOOK = 'prepare-commit-msg';
export const HOOK_MARKER = '# wsc: prepare-commit-msg hook (wsc hooks install wrote it; wsc hooks uninstall removes it)';

export async function runHooks(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'install':
      return install(parseArgs('hooks install', rest, { strings: ['mode'] }));
    case 'uninstall':
      return uninstall(parseArgs('hooks uninstall', rest));
    case HOOK:
      return prepareCommitMsg(parseArgs(`hooks ${HOOK}`, rest, { strings: ['mode'] }));
    default:
      throw usageError(sub ? `hooks: unknown subcommand '${sub}'.` : 'hooks: missing the subcommand.', "Use install or uninstall; see 'wsc hooks --help'.");
  }
}

function modeOf(args: ParsedArgs, command: string): Exclude<CommitRefMode, 'off'> {
  const mode = args.values.mode ?? 'trailer';
  if (mode !== 'prefix' && mode !== 'trailer') {
    throw usageError(`${command}: '${mode}' is not a mode.`, `Use --mode prefix (T-12 Fix login) or --mode trailer (Refs: T-12); ${COMMIT_REF_MODES.join('/')} are the modes of the editor setting.`);
  }
  return mode;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The hook: runs this wsc (by absolute paths, so PATH at commit time does not matter); never blocks a commit. */
function hookScript(mode: string): string {
  const node = process.execPath;
  const wsc = process.argv[1] ?? '';
  return `#!/bin/sh
${HOOK_MARKER}
# Adds the task ref of the branch (a branch named like T-12-fix-login) to the commit message.
[ -x ${shellQuote(node)} ] && [ -f ${shellQuote(wsc)} ] || exit 0
${shellQuote(node)} ${shellQuote(wsc)} hooks ${HOOK} --mode ${mode} "$@" || true
exit 0
`;
}

async function readHook(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

async function install(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'hooks install');
  const mode = modeOf(args, 'hooks install');
  const top = await repoTop('hooks install');
  const folder = await hooksFolder(top);
  const path = join(folder, HOOK);
  const existing = await readHook(path);
  if (existing !== null && !existing.includes(HOOK_MARKER)) {
    throw new CliError('conflict', `hooks install: ${path} exists and wsc did not write it; it was left as it is.`, 'Add a line that runs `wsc hooks prepare-commit-msg --mode trailer "$@"` to that hook yourself, or move it away and install again.');
  }
  await mkdir(folder, { recursive: true });
  await writeFile(path, hookScript(mode), { mode: 0o755 });
  await chmod(path, 0o755);
  const out = createOutput();
  const verb = existing === null ? 'installed' : 'updated';
  if (args.json) out.json({ hook: path, mode, result: verb });
  else out.line(term`${verb === 'installed' ? term`Installed` : term`Updated`} ${safe(path)}: commits on a branch naming a task get ${mode === 'prefix' ? term`the ref as a prefix (T-12 …)` : term`a trailer (Refs: T-12)`}.`);
  return 0;
}

async function uninstall(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'hooks uninstall');
  const top = await repoTop('hooks uninstall');
  const path = join(await hooksFolder(top), HOOK);
  const existing = await readHook(path);
  const out = createOutput();
  if (existing !== null && !existing.includes(HOOK_MARKER)) {
    throw new CliError('conflict', `hooks uninstall: ${path} was not written by wsc; it was left as it is.`, 'Edit or remove it yourself.');
  }
  if (existing !== null) await rm(path);
  const result = existing === null ? 'none' : 'removed';
  if (args.json) out.json({ hook: path, result });
  else out.line(existing === null ? term`No wsc hook at ${safe(path)}; nothing to remove.` : term`Removed ${safe(path)}.`);
  return 0;
}

/** What the hook runs: git's arguments are the message file, then the source (message, template, merge, squash, commit). */
async function prepareCommitMsg(args: ParsedArgs): Promise<number> {
  const file = required(args, 0, 'the commit message file', `hooks ${HOOK}`);
  const source = args.positionals[1];
  const mode = modeOf(args, `hooks ${HOOK}`);
  // Merges and squashes describe other commits; their messages are left as git wrote them.
  if (source === 'merge' || source === 'squash') return 0;
  const branch = await currentBranch(process.cwd());
  const ref = branch ? taskRefFromBranch(branch) : null;
  if (ref === null) return 0;
  const message = await readFile(file, 'utf8');
  const next = commitMessageWithRef(message, ref, mode);
  if (next !== message) await writeFile(file, next);
  return 0;
}
