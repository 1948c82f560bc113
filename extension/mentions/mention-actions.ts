// What a person can do with a mention: open it in its channel panel, reply in its thread, and the
// notification that offers both.
import * as vscode from 'vscode';
import type { MentionRow } from '../../shared/index';
import type { OpenChannelArgs } from '../channel-panel/open-channel-args';
import type { WscServices } from '../context';
import { COMMAND_IDS } from '../ids';
import type { ReadMarkedInbox } from './inbox';
import { replyParentId } from './mention-text';

export async function openMention(inbox: ReadMarkedInbox, row: MentionRow): Promise<void> {
  await inbox.markRead(row.id);
  const args: OpenChannelArgs = { channelId: row.channel_id, threadRootId: row.parent_id, messageId: row.id };
  await vscode.commands.executeCommand(COMMAND_IDS.openChannel, args);
}

export async function replyToMention(services: WscServices, inbox: ReadMarkedInbox, row: MentionRow): Promise<void> {
  const body = await vscode.window.showInputBox({ title: vscode.l10n.t('Reply to {0}', row.author.name), prompt: vscode.l10n.t('Your reply (Markdown)'), ignoreFocusOut: true });
  if (!body?.trim()) return;
  const parentId = replyParentId(row);
  const done = await services.sendWrite(vscode.l10n.t('Could not send the reply'), { kind: 'post', channelId: row.channel_id, body, ...(parentId ? { parentId } : {}) });
  if (done) {
    await inbox.markRead(row.id);
    if (done.kind === 'sent') vscode.window.setStatusBarMessage(vscode.l10n.t('Reply sent'), 3000);
  }
}

/** Shows `text` with Open and Reply; does not wait for the choice. */
export function showMentionNotification(services: WscServices, inbox: ReadMarkedInbox, row: MentionRow, text: string): void {
  const open = vscode.l10n.t('Open');
  const reply = vscode.l10n.t('Reply');
  void vscode.window.showInformationMessage(text, open, reply).then((choice) => {
    if (choice === open) void openMention(inbox, row);
    else if (choice === reply) void replyToMention(services, inbox, row);
  });
}
