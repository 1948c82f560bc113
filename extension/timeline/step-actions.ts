// What a person does with one step of a run from its timeline: open a file change (as a diff of the
// hunks when the event carries a unified diff, else the file at its path in the open folder), and
// reply to the step in the run's thread, mentioning the agent and quoting the step (the shared
// stepReplyBody), so the agent is summoned to redo or explain it. The reply is a write like any
// other: it goes through the account's outbox session (queued first, sent in order, waiting while
// the service cannot be reached).
import * as vscode from 'vscode';
import { stepReplyBody, type FileChange, type PostMessageResult, type RunStep } from '../../shared/index';
import type { WscServices } from '../context';
import type { OutboxFeature } from '../outbox/index';
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

/**
 * Asks for the words and posts the reply in the run's thread through the outbox; the posted
 * message's id, or undefined when cancelled or when the reply waits in the outbox (said to the person).
 */
export async function replyToStep(
  services: WscServices,
  outbox: Pick<OutboxFeature, 'current'>,
  questions: Questions,
  context: RunContext,
  step: RunStep,
): Promise<string | undefined> {
  const { channelId, threadId, agentHandle } = context;
  if (!channelId || !threadId || !agentHandle) {
    throw new Error("This timeline does not know the run's thread. Open the run from the agent's message in its channel, then reply to the step.");
  }
  const text = await questions.text({
    title: vscode.l10n.t('Reply to step {0}', step.seq),
    prompt: vscode.l10n.t('Posted in the run\'s thread, mentioning @{0} and quoting "{1}"', agentHandle, step.title),
    placeHolder: vscode.l10n.t('What should the agent do about this step?'),
    validate: (value) => (value.trim() === '' ? vscode.l10n.t('Write what the agent should do.') : undefined),
  });
  if (text === undefined) return undefined;
  const session = outbox.current();
  if (!session) throw services.auth.notSignedInError();
  const { settled } = await session.send({ kind: 'post', channelId, parentId: threadId, body: stepReplyBody(agentHandle, step, text) });
  const outcome = await settled;
  switch (outcome.kind) {
    case 'sent':
      return (outcome.result as PostMessageResult).id;
    case 'queued':
      void questions.notify(vscode.l10n.t('Your reply to step {0} waits in the outbox ({1}): it is sent to the run\'s thread as soon as the service can be reached. "Workspace: Show Unsent Messages (Outbox)" shows it.', step.seq, outcome.reason.message));
      return undefined;
    case 'refused':
      throw new Error(
        `The service refused the reply to step ${step.seq}: ${outcome.reason.message} ${outcome.reason.hint} It is kept in the outbox: "Workspace: Show Unsent Messages (Outbox)" retries, edits or drops it.`,
      );
    case 'dropped':
      return undefined;
  }
}
