import * as vscode from 'vscode';
import type { MentionRow } from '../../shared/index';
import { mentionContextValue } from '../context-values';
import { COMMAND_IDS } from '../ids';
import type { ReadMarkedInbox } from './inbox';
import { mentionRowParts, mentionTitle, snippet } from './mention-text';

export class MentionsTree implements vscode.TreeDataProvider<MentionRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<MentionRow | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly inbox: ReadMarkedInbox,
    private readonly channelName: (channelId: string) => string | undefined,
  ) {
    this.subscription = inbox.onChange(() => this.changed.fire(undefined));
  }

  getChildren(element?: MentionRow): MentionRow[] {
    return element ? [] : [...this.inbox.rows()];
  }

  getTreeItem(row: MentionRow): vscode.TreeItem {
    const unread = this.inbox.isUnread(row);
    const channelName = this.channelName(row.channel_id);
    const title = mentionTitle(row, channelName);
    const { label, description, accessibleName } = mentionRowParts(row, channelName, unread);
    const item = new vscode.TreeItem({ label, highlights: unread ? [[0, label.length]] : [] });
    item.id = row.id;
    item.description = description;
    item.accessibilityInformation = { label: accessibleName, role: 'treeitem' };
    item.tooltip = new vscode.MarkdownString().appendText(`${title}\n\n${snippet(row.body, 400)}\n\n${new Date(row.created_at).toLocaleString()}`);
    item.iconPath = new vscode.ThemeIcon(row.reason === 'dm' ? 'account' : 'mention', unread ? new vscode.ThemeColor('notificationsInfoIcon.foreground') : undefined);
    item.contextValue = mentionContextValue({ unread });
    item.command = { command: COMMAND_IDS.openMention, title: vscode.l10n.t('Open Mention'), arguments: [row] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
