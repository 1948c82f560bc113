// The attention inbox in VS Code (issue #42): the signed-in account's shared InboxSession (the
// same store as the terminal's), fed by the mention feed's new rows and refreshed on its wake
// cues; the Inbox view, its unread count on a status bar item and the view's badge, notifications
// for arrivals (focus mode keeps only the branch's task), and runs watched once their timeline opens.
import * as vscode from 'vscode';
import { taskRefOfBranch, type InboxItem, type InboxSession, type InboxState, type MentionRow } from '../../shared/index';
import type { WscServices } from '../context';
import type { GitAdapter } from '../git/git-adapter';
import { COMMAND_IDS, CONTEXT_KEYS, SETTINGS, STATUS_BAR_IDS, VIEWS } from '../ids';
import { accountStoreRoot } from '../offline/account-store';
import type { OutboxFeature } from '../outbox/index';
import type { TimelineFeature } from '../timeline/index';
import { InboxAccount } from './inbox-account';
import { unreadStatus } from './inbox-model';
import { InboxNotifier } from './inbox-notifier';
import { openInboxTarget } from './inbox-open';
import { InboxTree, type InboxNode } from './inbox-tree';

export interface InboxFeature {
  readonly account: InboxAccount;
  readonly tree: InboxTree;
  readonly view: vscode.TreeView<InboxNode>;
  readonly statusBar: vscode.StatusBarItem;
  /** Texts of the notifications shown (tests read it). */
  readonly notifications: readonly string[];
  /** The items announced each by its own notification (tests read it). */
  readonly announced: readonly InboxItem[];
  /** The signed-in account's session, opened if it was not yet (undefined while signed out). */
  session(): Promise<InboxSession | undefined>;
  /** A new mention from the live feed: into the inbox, which announces it. False when the inbox could not take it. */
  takeMention(row: MentionRow): Promise<boolean>;
}

export interface InboxDeps {
  readonly outbox: Pick<OutboxFeature, 'current'>;
  readonly git: Pick<GitAdapter, 'context' | 'onDidChange'>;
  readonly timeline: Pick<TimelineFeature, 'onDidOpen'>;
  isMuted(channelId: string): boolean;
  /** The Mentions view's read mark for a message opened from the inbox. */
  markMentionRead(messageId: string): Promise<void>;
}

type Target = InboxNode | InboxItem | string;

export function registerInbox(services: WscServices, deps: InboxDeps): InboxFeature {
  let unsubscribe: (() => void)[] = [];
  const account = new InboxAccount({
    root: accountStoreRoot(services.context),
    signedIn: () => {
      const client = services.auth.client();
      const identity = services.auth.identity;
      return client && identity ? { client, identity } : undefined;
    },
    outbox: () => deps.outbox.current(),
    onSession: (session) => {
      unsubscribe.forEach((u) => u());
      unsubscribe = session ? [session.subscribe(changed), session.onArrive((items) => void notifier.arrived(items))] : [];
      changed();
    },
    onError: (error) => services.log.warn(`inbox: ${error instanceof Error ? error.message : String(error)}`),
  });
  const tree = new InboxTree(() => account.current()?.items() ?? []);
  const view = vscode.window.createTreeView(VIEWS.inbox, { treeDataProvider: tree, canSelectMany: true });
  const statusBar = vscode.window.createStatusBarItem(STATUS_BAR_IDS.inbox, vscode.StatusBarAlignment.Left, 51);
  statusBar.name = vscode.l10n.t('Workspace inbox');
  statusBar.command = `${VIEWS.inbox}.focus`;

  let branchTask: string | undefined;
  const readBranchTask = async () => {
    branchTask = (await deps.git.context().then(taskRefOfBranch).catch(() => null)) ?? undefined;
    return branchTask;
  };
  const focusMode = () => vscode.workspace.getConfiguration(SETTINGS.section).get<boolean>(SETTINGS.inboxFocusMode) ?? false;
  const showFocusMode = () => void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.inboxFocusMode, focusMode());

  function changed(): void {
    const count = account.current()?.unreadCount() ?? 0;
    const shown = unreadStatus(count);
    statusBar.text = shown.text;
    statusBar.tooltip = shown.tooltip;
    statusBar.accessibilityInformation = { label: vscode.l10n.t('{0} unread in your inbox. Show the inbox.', count), role: 'button' };
    view.badge = count > 0 ? { value: count, tooltip: shown.tooltip } : undefined;
    if (shown.visible && services.auth.state.kind === 'signedIn') statusBar.show();
    else statusBar.hide();
    tree.schedule();
  }

  const itemOf = (target: Target | undefined): InboxItem | undefined => {
    if (target === undefined) return undefined;
    if (typeof target === 'string') return account.current()?.items({ done: true }).find((i) => i.id === target);
    if ('kind' in target && (target.kind === 'group' || target.kind === 'item')) return tree.item(target);
    return target as InboxItem;
  };
  /** The rows a menu command acts on: the selection when the clicked row is part of it. */
  const targetsOf = (target: Target | undefined, selected: readonly InboxNode[] | undefined): InboxItem[] => {
    const clicked = itemOf(target ?? view.selection[0]);
    const many = selected && selected.length > 1 && typeof target === 'object' && selected.includes(target as InboxNode) ? selected.map(itemOf) : [clicked];
    return many.filter((i): i is InboxItem => i !== undefined);
  };

  const mark = async (items: readonly InboxItem[], state: InboxState, headline: string) => {
    if (items.length === 0) return;
    try {
      const session = await account.session();
      if (!session) return void services.showError(services.auth.notSignedInError(), headline);
      await session.mark(
        items.map((i) => i.id),
        state,
      );
    } catch (error) {
      void services.showError(error, headline);
    }
  };

  const open = async (item: InboxItem) => {
    if (item.state === 'unread') await mark([item], 'read', vscode.l10n.t('Could not mark the item read'));
    if (item.target.kind === 'message') await deps.markMentionRead(item.target.messageId).catch(() => undefined);
    try {
      await openInboxTarget(item.target);
    } catch (error) {
      void services.showError(error, vscode.l10n.t('Could not open the inbox item'));
    }
  };

  const notifier = new InboxNotifier({
    context: async () => ({
      debugging: vscode.debug.activeDebugSession !== undefined,
      focusMode: focusMode(),
      branchTask: focusMode() ? await readBranchTask() : branchTask,
      isMutedChannel: (id) => deps.isMuted(id),
    }),
    open,
    markDone: (item) => mark([item], 'done', vscode.l10n.t('Could not mark the item done')),
    showInbox: async () => {
      await vscode.commands.executeCommand(`${VIEWS.inbox}.focus`);
    },
  });

  const setFocusMode = async (on: boolean) => {
    await vscode.workspace.getConfiguration(SETTINGS.section).update(SETTINGS.inboxFocusMode, on, vscode.ConfigurationTarget.Global);
    showFocusMode();
    const ref = on ? await readBranchTask() : undefined;
    const said = on
      ? `$(bell-slash) ${ref !== undefined ? vscode.l10n.t('Focus mode: only {0} notifies', ref) : vscode.l10n.t('Focus mode: only the branch’s task notifies')}`
      : `$(bell) ${vscode.l10n.t('Focus mode off: everything in the inbox notifies')}`;
    vscode.window.setStatusBarMessage(said, 5000);
  };

  const follow = () => {
    void account.follow().then(() => {
      // Opened after sign-in, outside activation: the store (SQLite) loads only now.
      if (services.auth.state.kind === 'signedIn') void account.session().catch((error: unknown) => services.showError(error, vscode.l10n.t('Could not open your inbox')));
    });
  };

  services.register(
    tree,
    view,
    statusBar,
    services.onDidChangeSession(follow),
    services.onLiveCue((cue) => {
      if (cue !== 'interval') account.wake();
    }),
    deps.timeline.onDidOpen(({ runId, context }) => {
      const title = context.agent ? `run of ${context.agent}` : `run ${runId.slice(0, 8)}`;
      void account
        .session()
        .then((session) => session?.watchRun(runId, title, context.task?.ref))
        .catch((error: unknown) => services.log.warn(`inbox: could not watch run ${runId}: ${error instanceof Error ? error.message : String(error)}`));
    }),
    view.onDidChangeVisibility((e) => {
      if (e.visible && services.auth.state.kind === 'signedIn') void account.session().catch((error: unknown) => services.showError(error, vscode.l10n.t('Could not open your inbox')));
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.inboxFocusMode}`)) showFocusMode();
    }),
    deps.git.onDidChange(() => void readBranchTask()),
    vscode.commands.registerCommand(COMMAND_IDS.openInboxItem, async (target?: Target) => {
      const item = itemOf(target);
      if (item) await open(item);
    }),
    vscode.commands.registerCommand(COMMAND_IDS.markInboxDone, (target?: Target, selected?: InboxNode[]) => mark(targetsOf(target, selected), 'done', vscode.l10n.t('Could not mark the item done'))),
    vscode.commands.registerCommand(COMMAND_IDS.markInboxRead, (target?: Target, selected?: InboxNode[]) => mark(targetsOf(target, selected), 'read', vscode.l10n.t('Could not mark the item read'))),
    vscode.commands.registerCommand(COMMAND_IDS.markAllInboxDone, async (target?: InboxNode) => {
      try {
        const session = await account.session();
        if (!session) return void services.showError(services.auth.notSignedInError(), vscode.l10n.t('Could not mark the inbox done'));
        await session.markAllDone(target?.kind === 'group' ? { source: target.source } : {});
      } catch (error) {
        void services.showError(error, vscode.l10n.t('Could not mark the inbox done'));
      }
    }),
    vscode.commands.registerCommand(COMMAND_IDS.toggleInboxFocusMode, () => setFocusMode(!focusMode())),
    vscode.commands.registerCommand(COMMAND_IDS.enterInboxFocusMode, () => setFocusMode(true)),
    vscode.commands.registerCommand(COMMAND_IDS.leaveInboxFocusMode, () => setFocusMode(false)),
    vscode.commands.registerCommand(COMMAND_IDS.refreshInbox, async () => {
      const session = await account.session().catch((error: unknown) => void services.showError(error, vscode.l10n.t('Could not open your inbox')));
      const report = await session?.refresh();
      if (report && report.errors.length > 0) services.log.warn(`inbox: ${report.errors.join('; ')}`);
      if (report?.unreachable) vscode.window.setStatusBarMessage(`$(cloud-offline) ${vscode.l10n.t('The service cannot be reached: the inbox shows what it had')}`, 5000);
    }),
    { dispose: () => void account.close() },
  );
  showFocusMode();
  follow();

  return {
    account,
    tree,
    view,
    statusBar,
    notifications: notifier.shown,
    announced: notifier.announced,
    session: () => account.session(),
    takeMention: async (row) => {
      try {
        if (services.auth.state.kind !== 'signedIn') return false;
        await account.ingestMentions([row]);
        return account.current() !== undefined;
      } catch (error) {
        services.log.warn(`inbox: could not take a mention: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
  };
}
