// Several accounts at once: Switch Account (the pick, or `{ accountId }`), Add Account, Sign Out
// of one account, the status bar item and the Accounts view. Switching makes the session's
// change event carry the other account, so every view follows it without another token.
import * as vscode from 'vscode';
import type { Identity } from '../../shared/index';
import { writeServiceUrl } from '../config';
import type { WscServices } from '../context';
import { COMMAND_IDS, VIEWS } from '../ids';
import { accountLabel } from './account-list';
import { accountPicks, type AccountChoice } from './account-picks';
import { createAccountStatusBar } from './account-status-bar';
import { AccountsTree } from './accounts-tree';
import { signInFlow, withoutTrailingSlash, type SignInArgs } from './sign-in-flow';
import { askServiceUrl, askToken } from './sign-in-prompts';

/** `wsc.switchAccount` / `wsc.signOutAccount` argument: an Accounts view row or `{ accountId }`. */
export interface AccountArgs {
  accountId?: string;
  id?: string;
}

export interface AccountsFeature {
  statusBar: vscode.StatusBarItem;
  tree: AccountsTree;
}

export function registerAccounts(services: WscServices): AccountsFeature {
  const { auth } = services;
  const statusBar = createAccountStatusBar(auth);
  const tree = new AccountsTree(auth);
  const idOf = (args?: AccountArgs) => args?.accountId ?? args?.id;

  const switchTo = async (accountId: string): Promise<void> => {
    try {
      await auth.switchTo(accountId);
    } catch (error) {
      await services.showError(error, vscode.l10n.t('Could not switch accounts'));
    }
  };

  // Asks first about writes waiting in that account's outbox (AuthSession.askBeforeSignOut).
  const signOutOf = async (accountId: string): Promise<void> => {
    try {
      await auth.signOut(accountId);
    } catch (error) {
      await services.showError(error, vscode.l10n.t('Could not sign out of the account'));
    }
  };

  const addAccount = async (args?: SignInArgs): Promise<Identity | undefined> => {
    const url = args?.serviceUrl ? withoutTrailingSlash(args.serviceUrl) : await askServiceUrl(services.config().serviceUrl || undefined);
    if (!url) return undefined;
    return signInFlow(
      {
        serviceUrl: () => url,
        // The setting follows only once the account is signed in: a cancelled Add Account leaves the active one as it was.
        writeServiceUrl: async () => undefined,
        askServiceUrl,
        askToken,
        signIn: async (token) => {
          const identity = await auth.signIn(token, { keepOthers: true, serviceUrl: url });
          if (services.config().serviceUrl !== url) await writeServiceUrl(url);
          return identity;
        },
        notify: (message) => void vscode.window.showInformationMessage(message),
      },
      { token: args?.token },
    ).catch(async (error: unknown) => {
      await services.showError(error, vscode.l10n.t('Could not add the account'));
      return undefined;
    });
  };

  const run = (choice: AccountChoice): Promise<unknown> => {
    if (choice.kind === 'add') return addAccount();
    if (choice.kind === 'signOut') return signOutOf(choice.accountId);
    return switchTo(choice.accountId);
  };

  const pick = async (): Promise<void> => {
    const picks = accountPicks(auth.accounts(), auth.activeAccountId);
    const items = picks.flatMap((p): (vscode.QuickPickItem & { choice?: AccountChoice })[] => [
      ...(p.separatorBefore !== undefined ? [{ label: p.separatorBefore, kind: vscode.QuickPickItemKind.Separator }] : []),
      { label: p.label, description: p.description, choice: p.choice },
    ]);
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Workspace accounts'), placeHolder: vscode.l10n.t('Switch to an account, add one, or sign out of one') });
    if (picked?.choice) await run(picked.choice);
  };

  services.register(
    ...statusBar.disposables,
    tree,
    vscode.window.createTreeView(VIEWS.accounts, { treeDataProvider: tree }),
    vscode.commands.registerCommand(COMMAND_IDS.switchAccount, async (args?: AccountArgs) => {
      const id = idOf(args);
      if (id) await switchTo(id);
      else await pick();
    }),
    vscode.commands.registerCommand(COMMAND_IDS.addAccount, addAccount),
    vscode.commands.registerCommand(COMMAND_IDS.signOutAccount, async (args?: AccountArgs) => {
      const id = idOf(args);
      if (id) return signOutOf(id);
      const accounts = auth.accounts();
      const picked = await vscode.window.showQuickPick(
        accounts.map((a) => ({ label: accountLabel(a), description: `@${a.handle}`, id: a.id })),
        { title: vscode.l10n.t('Sign out of an account'), placeHolder: vscode.l10n.t('The other accounts stay signed in') },
      );
      if (picked) await signOutOf(picked.id);
    }),
  );
  return { statusBar: statusBar.item, tree };
}
