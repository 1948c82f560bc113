// `wsc task start <T-n>`: the shared Start Work plan in a git repository — the task's branch made
// off the default branch (or switched to when it exists), the task moved to doing and assigned to
// me when nobody has it. A work tree with changes is refused unless --carry takes them along.
import { planStartWork, readTask, type StartWorkAssignment } from '../shared/index';
import { noExtraPositionals, required, type ParsedArgs } from './args';
import { CliError, usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { changedFiles, currentBranch, defaultBase, hasLocalBranch, repoTop, runGit } from '../term/git-work';
import { createOutput, safe, term } from './output';

type BranchSwitch = 'created' | 'switched' | 'already';

const ASSIGNMENT_WORDS: Record<StartWorkAssignment, string> = {
  'assign-to-me': 'assigned to you',
  'already-mine': 'already assigned to you',
  'someone-else': 'assigned to someone else (left as it is)',
  'me-unknown': 'assignee left as it is',
};

export async function startTask(args: ParsedArgs): Promise<number> {
  const given = required(args, 0, 'the task (T-n)', 'task start');
  noExtraPositionals(args, 1, 'task start');
  const ref = /^[Tt]-([1-9]\d{0,9})$/.exec(given.trim());
  if (!ref) throw usageError(`task start: '${given}' is not a task ref.`, 'Give it as T-<number>, e.g. wsc task start T-12');
  const taskRef = `T-${Number(ref[1])}`;
  const out = createOutput();
  const top = await repoTop('task start');
  const changed = await changedFiles(top);
  if (changed.length > 0 && !args.flags.carry) {
    const list = changed.slice(0, 5).join(', ') + (changed.length > 5 ? `, and ${changed.length - 5} more` : '');
    throw new CliError('usage', `task start: the work tree has uncommitted changes (${list}).`, 'Commit or stash them first, or add --carry to take them to the new branch.');
  }
  const pattern = args.values.pattern ?? (await runGit(['config', '--get', 'wsc.branchPattern'], top)).stdout;

  return withClient(args, async ({ client }) => {
    const [task, me] = await Promise.all([readTask(client, taskRef), client.me()]);
    const planned = planStartWork(task, { pattern, me: me.userId });
    if (!planned.ok) throw usageError(`task start: ${planned.message}`, `${planned.hint} Set it with --pattern or 'git config wsc.branchPattern'.`);
    const { plan } = planned;

    let how: BranchSwitch;
    let base: string | null = null;
    if ((await currentBranch(top)) === plan.branch) how = 'already';
    else if (await hasLocalBranch(plan.branch, top)) {
      await git(['switch', plan.branch], top);
      how = 'switched';
    } else {
      base = await defaultBase(top, args.values.base);
      if (base === null) {
        throw usageError(
          args.values.base ? `task start: there is no branch or commit '${args.values.base}'.` : 'task start: found no default branch to start from (origin/HEAD, main or master).',
          'Name one with --base BRANCH (e.g. --base develop), or fetch the remote first (git fetch origin).',
        );
      }
      await git(['switch', '--no-track', '-c', plan.branch, base], top);
      how = 'created';
    }

    if (Object.keys(plan.patch).length > 0) {
      try {
        await client.patchTask(task.id, plan.patch);
      } catch (error) {
        // The branch is made either way: say so before the error, so nobody starts over.
        out.note(term`On ${safe(plan.branch)}, but ${safe(task.ref)} was not changed:`);
        throw error;
      }
    }
    const result = {
      task: task.ref,
      branch: plan.branch,
      how,
      base,
      carried: changed.length > 0 ? changed : [],
      status: 'doing',
      status_changed: plan.toDoing,
      assignment: plan.assignment,
    };
    if (args.json) {
      out.json(result);
      return 0;
    }
    const verb = how === 'created' ? term`Created ${safe(plan.branch)} off ${safe(base)} and switched to it` : how === 'switched' ? term`Switched to ${safe(plan.branch)}` : term`Already on ${safe(plan.branch)}`;
    out.line(term`${verb}${changed.length > 0 ? term` (carrying ${changed.length} changed file${changed.length === 1 ? '' : term`s`})` : ''}.`);
    out.line(term`${safe(task.ref)} ${plan.toDoing ? term`is now doing` : term`was already doing`}; ${safe(ASSIGNMENT_WORDS[plan.assignment])}.`);
    return 0;
  });
}

async function git(args: string[], cwd: string): Promise<void> {
  const r = await runGit(args, cwd);
  if (!r.ok) throw new CliError('generic', `task start: git ${args[0]} failed: ${r.stderr.split('\n')[0] ?? ''}`, r.stderr.includes('overwritten') ? 'Your changes clash with the branch: commit or stash them, then try again.' : 'See what git says above, fix it, then try again.');
}
