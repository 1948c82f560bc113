// What a person does with one step of a run from its timeline: open a file change (as a diff of the
// hunks when the event carries a unified diff, else the file at its path in the open folder), and
// reply to the step in the run's thread, mentioning the agent and quoting the step (the shared
// stepReplyBody), so the agent is summoned to redo or explain it.
import * as vscode from 'vscode';
import { stepReplyBody, type FileChange, type RunStep } from '../../shared/index';
import type { WscServices } from '../context';
import type { Questions } from '../questions';
import type { RunContext } from './run-context';

export async function openFileChange(change: FileChange): Promise<void> {
  if (change.sides) {
    const [before, after] = await Promise.all([vscode.workspace.openTextDocument({ content: change.sides.before }), vscode.workspace.openTextDocument({ content: change.sides.after })]);
    await vscode.commands.executeCommand('vscode.diff', before.uri, after.uri, `${change.path} (${change.change}, as the run changed it)`);
    return;
  }
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, ...change.path.split('/').filter((part) => part !== '' && part !== '..'));
    try {
      await vscode.workspace.fs.stat(uri);
      await vscode.window.showTextDocument(uri, { preview: true });
      return;
    } catch {
      // Not in this folder; try the next.
    }
  }
  throw new Error(`${change.path} is not in the open folder, and the event does not carry the change itself. Open the repository the run worked in, then open the change again.`);
}

/** Asks for the words and posts the reply in the run's thread; the posted message's id, or undefined when cancelled. */
export async function replyToStep(services: WscServices, questions: Questions, context: RunContext, step: RunStep): Promise<string | undefined> {
  const { channelId, threadId, agentHandle } = context;
  if (!channelId || !threadId || !agentHandle) {
    throw new Error("This timeline does not know the run's thread. Open the run from the agent's message in its channel, then reply to the step.");
  }
  const text = await questions.text({
    title: `Reply to step ${step.seq}`,
    prompt: `Posted in the run's thread, mentioning @${agentHandle} and quoting "${step.title}"`,
    placeHolder: 'What should the agent do about this step?',
    validate: (value) => (value.trim() === '' ? 'Write what the agent should do.' : undefined),
  });
  if (text === undefined) return undefined;
  const posted = await services.withClient('post the reply to the step', (client) => client.postMessage(channelId, { body: stepReplyBody(agentHandle, step, text), parent_id: threadId }));
  return posted?.id;
}
