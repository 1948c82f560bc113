// Opening an inbox item through the commands that already open each kind of thing (no HTTP here):
// a message in its channel panel (its thread), a task in the Tasks view, a run's timeline, the
// outbox's list, a doc as a file.
import * as vscode from 'vscode';
import type { InboxTarget } from '../../shared/index';
import type { OpenChannelArgs } from '../channel-panel/open-channel-args';
import { COMMAND_IDS, DOC_COMMAND_IDS, EDITOR_COMMAND_IDS } from '../ids';

/** The command and its argument that open `target`. */
export function openCommandOf(target: InboxTarget): { command: string; args: unknown[] } {
  switch (target.kind) {
    case 'message': {
      const args: OpenChannelArgs = { channelId: target.channelId, messageId: target.messageId, ...(target.threadId ? { threadRootId: target.threadId } : {}) };
      return { command: COMMAND_IDS.openChannel, args: [args] };
    }
    case 'task':
      return { command: EDITOR_COMMAND_IDS.openTask, args: [{ ref: target.ref }] };
    case 'run':
      return { command: COMMAND_IDS.openRunTimeline, args: [{ runId: target.runId }] };
    case 'outbox':
      return { command: COMMAND_IDS.listOutbox, args: [] };
    case 'doc':
      return { command: DOC_COMMAND_IDS.openDoc, args: [{ id: target.docId }] };
  }
}

export async function openInboxTarget(target: InboxTarget): Promise<void> {
  const { command, args } = openCommandOf(target);
  await vscode.commands.executeCommand(command, ...args);
}
