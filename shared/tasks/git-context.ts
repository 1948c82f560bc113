// Where the person works, as every face reads it (the git command in the terminal, the git extension
// in VS Code): the current branch and the remote pull requests go to.
import { taskRefFromBranch } from './task-ref';

export interface GitContext {
  /** The current branch; null on a detached HEAD or when unknown. */
  branch: string | null;
  /** The URL of the remote pull requests go to (the branch's, else origin, else the first); null when none. */
  remoteUrl: string | null;
}

/** The task the current branch names (`feature/T-12-x` -> `T-12`), or null. */
export function taskRefOfBranch(git: GitContext | null | undefined): string | null {
  return git?.branch ? taskRefFromBranch(git.branch) : null;
}
