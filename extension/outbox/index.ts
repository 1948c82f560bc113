// The outbox in VS Code: the signed-in account's outbox session (shared/session, the same as the
// terminal's, in the same account folder: a write queued in one home is seen and can be dropped
// in the other), a status bar count of unsent writes, `wsc.outbox.list` to retry or drop them, sending
// again when the window regains focus or a live cue comes, and a warning before sign-out drops them.
import * as vscode from 'vscode';
import { hasOutbox, OutboxSession, takeStoreNotices, type OfflineAccount, type OutboxEntry } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, STATUS_BAR_IDS } from '../ids';
import type { Questions } from '../questions';
import { vscodeQuestions } from '../vscode-questions';
import { accountStoreRoot } from '../offline/account-store';
import { countLabel, describeOutboxEntry } from './describe-entry';

export type SignOutChoice = 'keep' | 'drop' | undefined;

export interface OutboxFeature {
  /** The signed-in account's outbox (undefined while signed out). */
  current(): OutboxSession | undefined;
  readonly onDidChange: vscode.Event<readonly OutboxEntry[]>;
  readonly onDidSend: vscode.Event<OutboxEntry>;
  /** Asks before sign-out when writes wait; false when the person cancelled. */
  /** Asks about what waits in an account's outbox before it is signed out (no `account`: the active one); false: keep the account. */
  confirmSignOut(account?: OfflineAccount & { label: string }): Promise<boolean>;
  /** Tests answer wsc.outbox.list's quick picks and input box through this (undefined: VS Code's). */
  setQuestions(questions: Questions | undefined): void;
  /** Tests answer the sign-out warning (a modal dialog) through this. */
  setSignOutAsker(ask: ((message: string) => Promise<SignOutChoice>) | undefined): void;
  /** The status bar item's text and visibility (tests read it). */
  statusBar(): { text: string; visible: boolean };
}

export function registerOutbox(services: WscServices): OutboxFeature {
  const root = accountStoreRoot(services.context);
  const changed = new vscode.EventEmitter<readonly OutboxEntry[]>();
  const sentEvent = new vscode.EventEmitter<OutboxEntry>();
  const item = vscode.window.createStatusBarItem(STATUS_BAR_IDS.outbox, vscode.StatusBarAlignment.Left, 49);
  item.name = vscode.l10n.t('Workspace outbox');
  item.command = COMMAND_IDS.listOutbox;
  let itemVisible = false;
  let current: OutboxSession | undefined;
  let askSignOut: ((message: string) => Promise<SignOutChoice>) | undefined;
  let ask: Questions = vscodeQuestions;

  const showCount = (entries: readonly OutboxEntry[]) => {
    const failed = entries.filter((e) => e.state === 'failed').length;
    item.text = `$(${failed > 0 ? 'warning' : 'outbox'}) ${vscode.l10n.t('{0} unsent', entries.length)}`;
    const count = countLabel(entries.length);
    item.tooltip = failed > 0 ? vscode.l10n.t('{0}, {1} refused by the service: click to retry or drop', count, failed) : vscode.l10n.t('{0}: click to retry or drop', count);
    item.accessibilityInformation = { label: failed > 0 ? vscode.l10n.t('{0}, {1} refused. Show the outbox.', count, failed) : vscode.l10n.t('{0}. Show the outbox.', count), role: 'button' };
    itemVisible = entries.length > 0;
    if (itemVisible) item.show();
    else item.hide();
  };

  const follow = () => {
    current?.close();
    current = undefined;
    showCount([]);
    changed.fire([]);
    const client = services.auth.client();
    const identity = services.auth.identity;
    if (!client || !identity) return;
    const account = { serviceUrl: client.baseUrl.replace(/\/+$/, ''), workspaceId: identity.workspaceId, userId: identity.userId };
    const outbox = new OutboxSession({
      root,
      account,
      client,
      hasOutbox,
      // The store (SQLite) is imported on first use: activation and a window that never writes never load it.
      openOutbox: async (at, acc) => (await import('../../shared/outbox')).openAccountOutbox(at, acc),
    });
    outbox.on({
      changed: (entries) => {
        if (current !== outbox) return;
        showCount(entries);
        changed.fire(entries);
      },
      sent: (entry) => sentEvent.fire(entry),
      refused: (_entry, said) => services.log.warn(`outbox: the service refused a waiting write: ${said.message} ${said.hint}`),
      setAside: (message) => void vscode.window.showWarningMessage(message),
    });
    current = outbox;
    for (const notice of takeStoreNotices()) void vscode.window.showWarningMessage(notice);
    outbox.resume().catch((error: unknown) => services.log.error(`outbox: could not open it: ${error instanceof Error ? error.message : String(error)}`));
  };

  const list = async (): Promise<void> => {
    const outbox = current;
    const entries = outbox?.entries() ?? [];
    if (!outbox || entries.length === 0) {
      void ask.notify(vscode.l10n.t('Nothing waits in the outbox: every message was sent.'));
      return;
    }
    const picked = await ask.pick(
      entries.map((entry) => {
        const { label, detail } = describeOutboxEntry(entry);
        return { label, description: detail, entry };
      }),
      vscode.l10n.t('{0}: pick one to retry, edit or drop', countLabel(entries.length)),
    );
    if (!picked) return;
    const { entry } = picked;
    const canEdit = entry.operation.kind === 'post' || entry.operation.kind === 'edit';
    const actions = [
      { label: vscode.l10n.t('Retry'), description: vscode.l10n.t('send it again now'), act: 'retry' as const },
      ...(canEdit ? [{ label: vscode.l10n.t('Edit'), description: vscode.l10n.t('change the text, then send it'), act: 'edit' as const }] : []),
      { label: vscode.l10n.t('Drop'), description: vscode.l10n.t('delete it without sending'), act: 'drop' as const },
    ];
    const action = (await ask.pick(actions, describeOutboxEntry(entry).label))?.act;
    if (action === 'retry') {
      if (entry.state === 'failed') await outbox.retry(entry.id);
      else await outbox.flush();
    } else if (action === 'drop') {
      if ((await outbox.drop(entry.id)) === 'sent') void vscode.window.showWarningMessage(vscode.l10n.t('It was sent before it could be stopped.'));
    } else if (action === 'edit' && (entry.operation.kind === 'post' || entry.operation.kind === 'edit')) {
      const body = await ask.text({ prompt: vscode.l10n.t('The text to send'), value: entry.operation.body, validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Type the text to send, or drop the entry.')) });
      if (body === undefined) return;
      if (!(await outbox.edit(entry.id, body))) void vscode.window.showWarningMessage(vscode.l10n.t('It may already have reached the service, so its text cannot change; drop it or wait for it to be sent.'));
    }
  };

  /** Keep or drop what waits (`entries`), asked once; undefined: the person cancelled. */
  const askKeepOrDrop = async (count: number, accountLabel?: string): Promise<SignOutChoice> => {
    const message = accountLabel
      ? count === 1
        ? vscode.l10n.t('{0} waits in the outbox of {1}. Keep it to send the next time you sign in to that account, or drop it?', countLabel(count), accountLabel)
        : vscode.l10n.t('{0} wait in the outbox of {1}. Keep them to send the next time you sign in to that account, or drop them?', countLabel(count), accountLabel)
      : count === 1
        ? vscode.l10n.t('{0} waits in the outbox. Keep it to send the next time you sign in to this account, or drop it?', countLabel(count))
        : vscode.l10n.t('{0} wait in the outbox. Keep them to send the next time you sign in to this account, or drop them?', countLabel(count));
    const [keep, drop] = [vscode.l10n.t('Keep and Sign Out'), vscode.l10n.t('Drop and Sign Out')];
    return askSignOut
      ? askSignOut(message)
      : vscode.window
          .showWarningMessage(message, { modal: true, detail: vscode.l10n.t('Dropped messages are deleted without being sent.') }, keep, drop)
          .then((answer) => (answer === keep ? 'keep' : answer === drop ? 'drop' : undefined));
  };

  const confirmSignOut = async (account?: OfflineAccount & { label: string }): Promise<boolean> => {
    if (account) return confirmSignOutOf(account);
    const outbox = current;
    const entries = outbox?.entries() ?? [];
    if (!outbox || entries.length === 0) return true;
    const choice = await askKeepOrDrop(entries.length);
    if (choice === undefined) return false;
    if (choice === 'drop') for (const entry of entries) await outbox.drop(entry.id);
    return true;
  };

  /** An account that is not active: its outbox file is read (and entries dropped) without a session. */
  const confirmSignOutOf = async (account: OfflineAccount & { label: string }): Promise<boolean> => {
    const { existingAccountOutbox } = await import('../../shared/outbox');
    const store = existingAccountOutbox(root, account);
    if (!store) return true;
    try {
      const entries = store.list();
      if (entries.length === 0) return true;
      const choice = await askKeepOrDrop(entries.length, account.label);
      if (choice === undefined) return false;
      // One another window or terminal is sending right now is asked to stop, and goes when it does.
      if (choice === 'drop') for (const entry of entries) store.requestDrop(entry.id);
      return true;
    } finally {
      store.close();
    }
  };

  services.register(
    item,
    changed,
    sentEvent,
    vscode.commands.registerCommand(COMMAND_IDS.listOutbox, list),
    services.onDidChangeSession(follow),
    vscode.window.onDidChangeWindowState((state) => {
      // Back in the window: a write the terminal queued meanwhile (the same account's file) shows, and what waits is sent.
      if (state.focused) void current?.resume().then(() => current?.flush());
    }),
    services.onLiveCue(() => {
      if (current?.hasPending()) void current.flush();
    }),
    { dispose: () => current?.close() },
  );
  follow();
  services.useOutbox(() => current);

  return {
    current: () => current,
    onDidChange: changed.event,
    onDidSend: sentEvent.event,
    confirmSignOut,
    setQuestions: (questions) => {
      ask = questions ?? vscodeQuestions;
    },
    setSignOutAsker: (asker) => {
      askSignOut = asker;
    },
    statusBar: () => ({ text: item.text, visible: itemVisible }),
  };
}
