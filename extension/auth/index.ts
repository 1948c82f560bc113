// Sign-in, sign-out, the demo service and the Accounts entry.
import * as vscode from 'vscode';
import type { Identity } from '../../shared/index';
import { writeServiceUrl } from '../config';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import { COMMAND_IDS, CONTEXT_KEYS } from '../ids';
import { registerAuthenticationProvider, type WscAuthenticationProvider } from './auth-provider';
import { startDemoService, type DemoService } from './demo-service';
import { pickDemoToken } from './serve-banner';

/** `wsc.signIn` argument (tests and other tools): skips the prompts. */
export interface SignInArgs {
  token?: string;
  serviceUrl?: string;
}

export interface AuthFeature {
  /** The running demo service, when "Use the local demo service" started one. */
  demo(): DemoService | undefined;
  /** The Accounts-menu provider (its sessions are what the menu shows). */
  provider: WscAuthenticationProvider;
}

export function registerAuth(services: WscServices): AuthFeature {
  const { auth } = services;
  let demo: DemoService | undefined;

  const setSignedIn = () => vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, auth.state.kind === 'signedIn');
  void setSignedIn();

  const signIn = async (args?: SignInArgs): Promise<Identity | undefined> => {
    try {
      if (args?.serviceUrl) await writeServiceUrl(args.serviceUrl.replace(/\/+$/, ''));
      if (!services.config().serviceUrl) {
        const url = await askServiceUrl();
        if (!url) return undefined;
        await writeServiceUrl(url);
      }
      const token = args?.token ?? (await askToken(services.config().serviceUrl));
      if (token === undefined) return undefined;
      const identity = await auth.signIn(token);
      if (!args?.token) void vscode.window.showInformationMessage(`Signed in as ${identity.name} (@${identity.handle}) to ${identity.workspace}.`);
      return identity;
    } catch (error) {
      await services.showError(error, 'sign in');
      return undefined;
    }
  };

  const useDemo = async (): Promise<Identity | undefined> => {
    try {
      demo?.stop();
      demo = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Starting the local demo service…' },
        () => startDemoService(services.context.extensionPath, (line) => services.log.info(line)),
      );
      const owner = pickDemoToken(demo.banner.demoTokens);
      if (!owner) throw new WscError('The demo service offered no sign-in token.', 'Update the extension, or sign in with a token of your own.', ['signIn']);
      services.log.info(`local demo service at ${demo.banner.url}`);
      await writeServiceUrl(demo.banner.url);
      const identity = await auth.signIn(owner.token);
      void vscode.window.showInformationMessage(`Using the local demo service as ${identity.name}. It stops when the window closes.`);
      return identity;
    } catch (error) {
      await services.showError(error, 'start the local demo service');
      return undefined;
    }
  };

  const accounts = registerAuthenticationProvider(auth);
  services.register(
    ...accounts.disposables,
    auth.onDidChange(() => void setSignedIn()),
    vscode.commands.registerCommand(COMMAND_IDS.signIn, signIn),
    vscode.commands.registerCommand(COMMAND_IDS.signOut, async () => {
      await auth.signOut();
    }),
    vscode.commands.registerCommand(COMMAND_IDS.useDemoService, useDemo),
    vscode.commands.registerCommand(COMMAND_IDS.showLog, () => services.log.show()),
    { dispose: () => demo?.stop() },
  );
  return { demo: () => demo, provider: accounts.provider };
}

async function askServiceUrl(): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    title: 'Workspace service address',
    prompt: 'The address of your workspace service (or run "Workspace: Use the Local Demo Service").',
    placeHolder: 'https://workspace.example.com',
    ignoreFocusOut: true,
    validateInput: (v) => (/^https?:\/\/[^/\s]+/.test(v.trim()) ? undefined : 'Enter an http(s) address, e.g. http://127.0.0.1:8787'),
  });
  return url?.trim().replace(/\/+$/, '') || undefined;
}

async function askToken(serviceUrl: string): Promise<string | undefined> {
  const token = await vscode.window.showInputBox({
    title: 'Sign in to the workspace',
    prompt: `Personal token for ${serviceUrl} (kept in the editor's secret storage only).`,
    placeHolder: 'hpt_…',
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'Paste a personal token.'),
  });
  return token?.trim() || undefined;
}
