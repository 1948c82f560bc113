// Sign-in, sign-out, the demo service and the Accounts entry.
import * as vscode from 'vscode';
import { describeServiceNotice, type Client, type Identity } from '../../shared/index';
import { writeServiceUrl } from '../config';
import type { WscServices } from '../context';
import { COMMAND_IDS, CONTEXT_KEYS } from '../ids';
import { registerAccounts, type AccountsFeature } from './account-commands';
import { registerAuthenticationProvider, type WscAuthenticationProvider } from './auth-provider';
import type { SignOutQuestion } from './auth-session';
import type { DemoService } from './demo-service';
import { DemoSignIn } from './demo-sign-in';
import { signInFlow, type SignInArgs } from './sign-in-flow';
import { askServiceUrl, askToken } from './sign-in-prompts';
import type { ServiceCheckView } from './service-check';

export interface AuthFeature {
  /** The running demo service, when "Use the local demo service" started one. */
  demo(): DemoService | undefined;
  /** The Accounts-menu provider (its sessions are what the menu shows). */
  provider: WscAuthenticationProvider;
  /** Every service check made this session (after sign-in, quietly, and on the command), oldest first. */
  serviceChecks: ServiceCheckView[];
  /** The status bar item naming the active account, and the Accounts view. */
  accounts: AccountsFeature;
}

export interface AuthHooks {
  /** Asked before any sign-out (see AuthSession.askBeforeSignOut). */
  beforeSignOut?: SignOutQuestion;
}

export function registerAuth(services: WscServices, hooks: AuthHooks = {}): AuthFeature {
  const { auth } = services;
  auth.askBeforeSignOut(hooks.beforeSignOut);
  const demo = new DemoSignIn(services);
  const setSignedIn = () => vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, auth.state.kind === 'signedIn');
  void setSignedIn();

  const signIn = (args?: SignInArgs): Promise<Identity | undefined> =>
    signInFlow(
      {
        serviceUrl: () => services.config().serviceUrl,
        writeServiceUrl,
        askServiceUrl,
        askToken,
        signIn: (token) => auth.signIn(token),
        notify: (message) => void vscode.window.showInformationMessage(message),
      },
      args,
    ).catch(async (error: unknown) => {
      await services.showError(error, vscode.l10n.t('Could not sign in'));
      return undefined;
    });

  // Checked once per signed-in client, quietly: a notification only when something differs.
  const checked = new WeakSet<Client>();
  const serviceChecks: ServiceCheckView[] = [];
  const checkService = async (quiet: boolean): Promise<void> => {
    const client = auth.client();
    if (!client) {
      if (!quiet) void vscode.window.showWarningMessage(vscode.l10n.t('Sign in first: the check compares the service you are signed in to.'));
      return;
    }
    checked.add(client);
    try {
      const { checkServiceCompatibility, describeServiceCheck } = await import('./service-check-code');
      const report = await (quiet
        ? checkServiceCompatibility(client)
        : vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the service…') }, () => checkServiceCompatibility(client, { fresh: true })));
      const view = describeServiceCheck(report, client.baseUrl);
      serviceChecks.push(view);
      for (const line of view.lines) {
        if (view.ok) services.log.info(line);
        else services.log.warn(line);
      }
      if (view.ok && quiet) return;
      // Not awaited: the command ends when the check does, not when the notification is closed.
      const details = vscode.l10n.t('Show Details');
      const shown = view.ok ? vscode.window.showInformationMessage(view.message, details) : vscode.window.showWarningMessage(view.message, details);
      void shown.then((choice) => {
        if (choice === details) services.log.show();
      });
    } catch (error) {
      if (!quiet) await services.showError(error, vscode.l10n.t('Could not check the service'));
    }
  };

  const accounts = registerAuthenticationProvider(auth);
  services.register(
    ...accounts.disposables,
    auth.onDidChange(() => {
      void setSignedIn();
      const client = auth.client();
      if (client && !checked.has(client)) {
        // Deprecation/Sunset: once per session (the Client says each kind once).
        client.onServiceNotice((notice) => {
          const text = describeServiceNotice(notice);
          services.log.warn(text);
          void vscode.window.showWarningMessage(text);
        });
        void checkService(true);
      }
    }),
    vscode.commands.registerCommand(COMMAND_IDS.checkService, () => checkService(false)),
    vscode.commands.registerCommand(COMMAND_IDS.signIn, signIn),
    vscode.commands.registerCommand(COMMAND_IDS.signOut, () => auth.signOut()),
    vscode.commands.registerCommand(COMMAND_IDS.useDemoService, () => demo.start()),
    vscode.commands.registerCommand(COMMAND_IDS.showLog, () => services.log.show()),
    demo,
  );
  return { demo: () => demo.service(), provider: accounts.provider, serviceChecks, accounts: registerAccounts(services) };
}
