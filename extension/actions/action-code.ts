// What Run Action runs: imported by extension/actions/index.ts on the first run.
export { runActionFlow } from './action-flow';
export { vscodeActionPrompter } from './vscode-prompter';
