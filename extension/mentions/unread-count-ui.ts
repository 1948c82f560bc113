// The unread count's two places: the inbox view's badge and a status bar item that focuses the view.
import * as vscode from 'vscode';
import type { MentionRow } from '../../shared/index';
import { STATUS_BAR_IDS, VIEWS } from '../ids';
import type { UnreadCountShown } from './mention-notice';

export function createMentionsStatusBar(): vscode.StatusBarItem {
  const statusBar = vscode.window.createStatusBarItem(STATUS_BAR_IDS.mentions, vscode.StatusBarAlignment.Left, 50);
  statusBar.name = vscode.l10n.t('Workspace mentions');
  statusBar.command = `${VIEWS.mentions}.focus`;
  return statusBar;
}

export function showUnreadCount(view: vscode.TreeView<MentionRow>, statusBar: vscode.StatusBarItem, shown: UnreadCountShown): void {
  view.badge = shown.badge;
  statusBar.text = shown.text;
  statusBar.tooltip = shown.tooltip;
  if (shown.visible) statusBar.show();
  else statusBar.hide();
}
