// Native notifications for what arrives in the inbox: Open and Mark Done act on the item. Silent
// while a debug session runs, for a muted channel's mentions, and in focus mode for everything not
// about the current branch's task. An item that arrived silent is never announced later.
import * as vscode from 'vscode';
import type { InboxItem } from '../../shared/index';
import { KEPT_NOTIFICATIONS, keepNotification } from '../mentions/mention-notice';
import { notificationText, shouldNotify, type NotifyContext } from './inbox-model';

/** More arrivals than this at once are announced by one notification that shows the inbox. */
export const SEPARATE_NOTIFICATIONS_MAX = 3;

export interface InboxNotifierDeps {
  context(): Promise<NotifyContext>;
  open(item: InboxItem): Promise<void>;
  markDone(item: InboxItem): Promise<void>;
  showInbox(): Promise<void>;
}

export class InboxNotifier {
  /** Texts of the notifications shown (tests read it; kept short). */
  readonly shown: string[] = [];
  /** The items announced one by one, as shown (tests read it; kept as short). */
  readonly announced: InboxItem[] = [];

  constructor(private readonly deps: InboxNotifierDeps) {}

  async arrived(items: readonly InboxItem[]): Promise<void> {
    const context = await this.deps.context();
    const told = items.filter((i) => shouldNotify(i, context));
    if (told.length > SEPARATE_NOTIFICATIONS_MAX) {
      const text = vscode.l10n.t('{0} new items in your inbox', told.length);
      const showInbox = vscode.l10n.t('Show Inbox');
      keepNotification(this.shown, text);
      void vscode.window.showInformationMessage(text, showInbox).then((choice) => (choice === showInbox ? this.deps.showInbox() : undefined));
      return;
    }
    for (const item of told) {
      const text = notificationText(item);
      keepNotification(this.shown, text);
      this.announced.push(item);
      if (this.announced.length > KEPT_NOTIFICATIONS) this.announced.shift();
      const open = vscode.l10n.t('Open');
      const markDone = vscode.l10n.t('Mark Done');
      void vscode.window.showInformationMessage(text, open, markDone).then((choice) => {
        if (choice === open) return this.deps.open(item);
        if (choice === markDone) return this.deps.markDone(item);
        return undefined;
      });
    }
  }
}
