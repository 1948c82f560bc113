// Sign-in, sign-out, the demo service and the Accounts entry.
import * as vscode from 'vscode';
import type { Identity } from '../../shared/index';
import { writeServiceUrl } from '../config';
import type { WscServices } from '../context';
import { COMMAND_IDS, CONTEXT_KEYS } from '../ids';
import { registerAuthenticationProvider, type WscAuthenticationProvider } from './auth-provider';
import type { DemoService } from './demo-service';
import { DemoSignIn } from './demo-sign-in';
import { signInFlow, type SignInArgs } from './sign-in-flow';
import { askServiceUrl, askToken } from './sign-in-prompts';

export interface AuthFeature {
  /** The running demo service, when "Use the local demo service" started one. */
  demo(): DemoService | undefined;
  /** The Accounts-menu provider (its sessions are what the menu shows). */
  provider: WscAuthenticationProvider;
}

export function registerAuth(services: WscServices): AuthFeature {
  const { auth } = services;
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
      await services.showError(error, 'sign in');
      return undefined;
    });

  const accounts = registerAuthenticationProvider(auth);
  services.register(
    ...accounts.disposables,
    auth.onDidChange(() => void setSignedIn()),
    vscode.commands.registerCommand(COMMAND_IDS.signIn, signIn),
    vscode.commands.registerCommand(COMMAND_IDS.signOut, () => auth.signOut()),
    vscode.commands.registerCommand(COMMAND_IDS.useDemoService, () => demo.start()),
    vscode.commands.registerCommand(COMMAND_IDS.showLog, () => services.log.show()),
    demo,
  );
  return { demo: () => demo.service(), provider: accounts.provider };
}
