// Switching to a task's branch through the git extension's repository, without vscode (unit-testable).
import type { GitRepository } from './git-api';

export type BranchSwitch = 'created' | 'switched' | 'already';

/** Switches to `name`, creating it from HEAD when it does not exist yet. Answers what it did. */
export async function switchToBranch(repo: Pick<GitRepository, 'state' | 'getBranch' | 'checkout' | 'createBranch'>, name: string): Promise<BranchSwitch> {
  if (repo.state.HEAD?.name === name) return 'already';
  let exists = true;
  try {
    await repo.getBranch(name);
  } catch {
    exists = false;
  }
  if (exists) {
    await repo.checkout(name);
    return 'switched';
  }
  await repo.createBranch(name, true);
  return 'created';
}
