// Mentions: the shared inbox feed in the extension host while signed in (its waker's cues go out as
// services.onLiveCue), notifications with Open and Reply, the unread count on a status bar item and
// the view's badge, the inbox view.
import * as vscode from 'vscode';
import { isApiError, startInboxFeed, type InboxFeed, type MentionRow } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, STATUS_BAR_IDS, VIEWS } from '../ids';
import type { OpenChannelArgs } from '../channel-panel/open-channel-args';
import { GlobalStateCursorStore } from './cursor-store';
import { ReadMarkedInbox } from './inbox';
import { notificationText, replyParentId } from './mention-text';
import { MentionsTree } from './mentions-tree';

/** Besides doorbell cues, how often listeners of services.onLiveCue look again (lost wakes, edits). */
const LIVE_INTERVAL_MS = 5_000;

export interface MentionsFeature {
  inbox: ReadMarkedInbox;
  tree: MentionsTree;
  view: vscode.TreeView<MentionRow>;
  statusBar: vscode.StatusBarItem;
  /** Texts of the notifications shown (tests read it; kept short). */
  notifications: string[];
  /** Resolves once the feed for the current session is running (after its first inbox load). */
  started(): Promise<void>;
}

export interface MentionsDeps {
  channelName(channelId: string): string | undefined;
  isMuted(channelId: string): boolean;
}

export function registerMentions(services: WscServices, deps: MentionsDeps): MentionsFeature {
  const inbox = new ReadMarkedInbox(services.context.globalState, deps.isMuted);
  const tree = new MentionsTree(inbox, deps.channelName);
  const view = vscode.window.createTreeView(VIEWS.mentions, { treeDataProvider: tree });
  const statusBar = vscode.window.createStatusBarItem(STATUS_BAR_IDS.mentions, vscode.StatusBarAlignment.Left, 50);
  statusBar.name = 'Workspace mentions';
  statusBar.command = `${VIEWS.mentions}.focus`;
  const notifications: string[] = [];
  let feed: InboxFeed | undefined;
  let starting: Promise<void> = Promise.resolve();

  const updateCount = () => {
    const count = inbox.unreadCount();
    const tooltip = `${count} unread mention${count === 1 ? '' : 's'} and direct messages`;
    view.badge = count > 0 ? { value: count, tooltip } : undefined;
    statusBar.text = `$(mention) ${count}`;
    statusBar.tooltip = tooltip;
    if (services.auth.state.kind === 'signedIn' && count > 0) statusBar.show();
    else statusBar.hide();
  };

  const open = async (row: MentionRow) => {
    await inbox.markRead(row.id);
    const args: OpenChannelArgs = { channelId: row.channel_id, threadRootId: row.parent_id, messageId: row.id };
    await vscode.commands.executeCommand(COMMAND_IDS.openChannel, args);
  };

  const reply = async (row: MentionRow) => {
    const body = await vscode.window.showInputBox({ title: `Reply to ${row.author.name}`, prompt: 'Your reply (Markdown)', ignoreFocusOut: true });
    if (!body?.trim()) return;
    const done = await services.withClient('send the reply', (client) => client.postMessage(row.channel_id, { body, parent_id: replyParentId(row) }));
    if (done) {
      await inbox.markRead(row.id);
      vscode.window.setStatusBarMessage('Reply sent', 3000);
    }
  };

  const notify = (row: MentionRow) => {
    if (deps.isMuted(row.channel_id)) return;
    if (services.config().quietDuringDebug && vscode.debug.activeDebugSession) return;
    const text = notificationText(row, deps.channelName(row.channel_id));
    notifications.push(text);
    if (notifications.length > 50) notifications.shift();
    void vscode.window.showInformationMessage(text, 'Open', 'Reply').then((choice) => {
      if (choice === 'Open') void open(row);
      else if (choice === 'Reply') void reply(row);
    });
  };

  const stop = async () => {
    const running = feed;
    feed = undefined;
    await running?.stop().catch(() => undefined);
  };

  /** Session changes can overlap: only the newest start gets a feed. */
  let generation = 0;
  const start = async () => {
    const mine = ++generation;
    await stop();
    if (mine !== generation) return;
    inbox.clear();
    const client = services.auth.client();
    const identity = services.auth.identity;
    if (!client || !identity) return updateCount();
    const cursorStore = new GlobalStateCursorStore(services.context.globalState, GlobalStateCursorStore.keyFor(services.config().serviceUrl, identity.userId));
    const current = startInboxFeed({
      client,
      cursorStore,
      inbox,
      logger: services.logger,
      intervalMs: LIVE_INTERVAL_MS,
      onDoorbellStatus: (status, detail) => services.log.debug(`mention doorbell: ${status}${detail ? ` (${detail})` : ''}`),
      onCue: (cue) => services.emitLiveCue(cue),
      onSeed: (newest) => inbox.markReadIfFirstRun(newest),
      onSeedError: (error) => void services.showError(error, 'load your mentions'),
      onNewMention: (row) => {
        if (inbox.isUnread(row)) notify(row);
      },
      onStatus: (state, detail) => services.log.info(`mentions: ${state}${detail ? ` (${detail})` : ''}`),
      onError: (error, retryInMs) => services.log.warn(`mentions: ${isApiError(error) ? error.message : String(error)}; retrying in ${Math.round(retryInMs / 1000)} s`),
      onUnauthorized: (error) => {
        void services.auth.expire().then(() => services.showError(error, 'watch your mentions'));
      },
    });
    feed = current;
    await current.ready;
  };

  services.register(
    tree,
    view,
    statusBar,
    inbox.onChange(updateCount),
    services.onDidChangeSession(() => {
      starting = start().catch((error) => services.showError(error, 'watch your mentions'));
    }),
    vscode.commands.registerCommand(COMMAND_IDS.openMention, (row: MentionRow) => open(row)),
    vscode.commands.registerCommand(COMMAND_IDS.markMentionsRead, () => inbox.markAllRead()),
    vscode.commands.registerCommand(COMMAND_IDS.refreshMentions, () => {
      starting = start().catch((error) => services.showError(error, 'watch your mentions'));
      return starting;
    }),
    { dispose: () => void stop() },
  );
  updateCount();
  return { inbox, tree, view, statusBar, notifications, started: () => starting };
}
