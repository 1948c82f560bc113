// What Link/Unlink Pull Request and Start Work run: imported by index.ts on the first command.
export { activePullRequestUrl, GITHUB_PR_EXTENSION_ID } from './active-pr-probe';
export { linkPullRequest, unlinkPullRequest } from './link-flow';
export { startWork } from './start-work-flow';
export { vscodePrQuestions } from './vscode-pr-questions';
