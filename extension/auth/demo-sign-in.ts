// wsc.useDemoService: starts the bundled local service (`wsc serve --demo`) and signs in as its
// owner. The service stops with the window (or when started again).
import * as vscode from 'vscode';
import type { Identity } from '../../shared/index';
import { writeServiceUrl } from '../config';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import type { DemoService } from './demo-service';

export class DemoSignIn implements vscode.Disposable {
  private running: DemoService | undefined;

  constructor(private readonly services: WscServices) {}

  /** The running demo service, when one was started. */
  service(): DemoService | undefined {
    return this.running;
  }

  async start(): Promise<Identity | undefined> {
    const { services } = this;
    try {
      this.running?.stop();
      const [{ startDemoService }, { pickDemoToken }] = await Promise.all([import('./demo-service'), import('./serve-banner')]);
      const demo = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local demo service…') }, () =>
        startDemoService(services.context.extensionPath, (line) => services.log.info(line)),
      );
      this.running = demo;
      const owner = pickDemoToken(demo.banner.demoTokens);
      if (!owner) throw new WscError(vscode.l10n.t('The demo service offered no sign-in token.'), vscode.l10n.t('Update the extension, or sign in with a token of your own.'), ['signIn']);
      services.log.info(`local demo service at ${demo.banner.url}`);
      await writeServiceUrl(demo.banner.url);
      const identity = await services.auth.signIn(owner.token);
      void vscode.window.showInformationMessage(vscode.l10n.t('Using the local demo service as {0}. It stops when the window closes.', identity.name));
      return identity;
    } catch (error) {
      await services.showError(error, vscode.l10n.t('Could not start the local demo service'));
      return undefined;
    }
  }

  dispose(): void {
    this.running?.stop();
  }
}
