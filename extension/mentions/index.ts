// Mentions: the shared inbox feed in the extension host while signed in (its waker's cues go out as
// services.onLiveCue), notifications with Open and Reply, the unread count on a status bar item and
// the view's badge, the inbox view.
import { accountStoreRoot } from '../offline/account-store';
import * as vscode from 'vscode';
import { serviceUnreachable } from '../auth/auth-session';
import type { MentionRow } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, VIEWS } from '../ids';
import { MentionFeedSession } from './feed-session';
import { ReadMarkedInbox } from './inbox';
import { openMention, showMentionNotification } from './mention-actions';
import { keepNotification, mentionNotice, unreadCountShown, type NoticeContext } from './mention-notice';
import { MentionsTree } from './mentions-tree';
import { createMentionsStatusBar, showUnreadCount } from './unread-count-ui';

export interface MentionsFeature {
  inbox: ReadMarkedInbox;
  tree: MentionsTree;
  view: vscode.TreeView<MentionRow>;
  statusBar: vscode.StatusBarItem;
  /** Texts of this feature's own notifications (tests read it; kept short); mentions the inbox took are announced by the inbox. */
  notifications: string[];
  /** Resolves once the feed for the current session is running (after its first inbox load). */
  started(): Promise<void>;
}

export interface MentionsDeps {
  channelName(channelId: string): string | undefined;
  isMuted(channelId: string): boolean;
  /**
   * The attention inbox takes a new mention and announces it itself (one notification per
   * mention); false when it could not, and this feature's own notification shows.
   */
  routeMention?(row: MentionRow): Promise<boolean>;
}

export function registerMentions(services: WscServices, deps: MentionsDeps): MentionsFeature {
  const inbox = new ReadMarkedInbox(services.context.globalState, deps.isMuted);
  const tree = new MentionsTree(inbox, deps.channelName);
  const view = vscode.window.createTreeView(VIEWS.mentions, { treeDataProvider: tree });
  const statusBar = createMentionsStatusBar();
  const notifications: string[] = [];

  const updateCount = () => showUnreadCount(view, statusBar, unreadCountShown(inbox.unreadCount(), services.auth.state.kind === 'signedIn'));
  const noticeContext: NoticeContext = {
    isMuted: (channelId) => deps.isMuted(channelId),
    channelName: (channelId) => deps.channelName(channelId),
    quietNow: () => services.config().quietDuringDebug && vscode.debug.activeDebugSession !== undefined,
  };
  const session = new MentionFeedSession({
    inbox,
    store: services.context.globalState,
    storeRoot: accountStoreRoot(services.context),
    signedIn: () => {
      const client = services.auth.client();
      const identity = services.auth.identity;
      return client && identity ? { client, userId: identity.userId, workspaceId: identity.workspaceId, serviceUrl: services.config().serviceUrl } : undefined;
    },
    logger: services.logger,
    log: services.log,
    emitLiveCue: (cue) => services.emitLiveCue(cue),
    notify: (row) => {
      const ownNotice = () => {
        const text = mentionNotice(row, noticeContext);
        if (text === undefined) return;
        keepNotification(notifications, text);
        showMentionNotification(services, inbox, row, text);
      };
      if (!deps.routeMention) return ownNotice();
      void deps.routeMention(row).then((taken) => {
        if (!taken) ownNotice();
      });
    },
    refreshCount: updateCount,
    showError: (error, headline) => services.showError(error, headline),
    expireSession: () => services.auth.expire(),
    pollFailed: (error) => {
      if (serviceUnreachable(error)) services.auth.reportUnreachable();
    },
  });

  services.register(
    tree,
    view,
    statusBar,
    inbox.onChange(updateCount),
    services.onDidChangeSession(() => void session.restart()),
    services.auth.onDidChangeReachable((reachable) => {
      if (reachable) session.retryNow();
    }),
    vscode.commands.registerCommand(COMMAND_IDS.openMention, (row: MentionRow) => openMention(inbox, row)),
    vscode.commands.registerCommand(COMMAND_IDS.markMentionsRead, () => inbox.markAllRead()),
    vscode.commands.registerCommand(COMMAND_IDS.refreshMentions, () => session.restart()),
    { dispose: () => void session.stop() },
  );
  updateCount();
  return { inbox, tree, view, statusBar, notifications, started: () => session.started() };
}
