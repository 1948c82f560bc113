// The host side the automations and channel settings panels share on top of WebviewPanelHost: one
// channel's configuration, read and changed through the signed-in client, each outcome told in the
// panel as a notice (an error with the service's hint).
import type * as vscode from 'vscode';
import type { Client } from '../../shared/index';
import type { WscServices } from '../context';
import { describeError } from '../errors/describe-error';
import type { ChannelRef } from './channel-arg';
import { WebviewPanelHost, type WebviewPanelView } from './webview-panel-host';

/** The notice both panels' protocols carry. */
export interface PanelNotice {
  type: 'notice';
  kind: 'info' | 'error';
  message: string;
  hint?: string;
}

export interface ChannelAdminView<In> extends Pick<WebviewPanelView<In>, 'script' | 'logName' | 'parse'> {
  /** The tab is titled "<title> · <channel>", the document "<title> of <channel>". */
  title: string;
}

export abstract class ChannelAdminPanel<In, Out> extends WebviewPanelHost<In, Out | PanelNotice> {
  protected constructor(
    services: WscServices,
    panel: vscode.WebviewPanel,
    readonly channel: ChannelRef,
    view: ChannelAdminView<In>,
    onDisposed: () => void,
  ) {
    super(services, panel, { ...view, title: `${view.title} · ${channel.name}`, documentTitle: `${view.title} of ${channel.name}` }, onDisposed);
  }

  /** The signed-in client; signed out, a notice asks to sign in and then `next` (e.g. 'Refresh'). */
  protected signedInClient(next: string): Client | undefined {
    const client = this.services.auth.client();
    if (!client) this.post({ type: 'notice', kind: 'error', message: 'You are not signed in to the workspace.', hint: `Run "Workspace: Sign In", then ${next}.` });
    return client;
  }

  /** The error as a notice: the localised headline ("Could not save the automation"), the message and the hint. */
  protected postError(error: unknown, headline: string): void {
    const view = describeError(error, headline);
    this.post({ type: 'notice', kind: 'error', message: view.message, hint: view.hint });
  }

  /** One change through the client, then `after` (telling and reading again); false when it failed (shown as a notice). */
  protected async change(headline: string, apply: (client: Client) => Promise<unknown>, after: (client: Client) => Promise<void>): Promise<boolean> {
    const client = this.signedInClient('try again');
    if (!client) return false;
    try {
      await apply(client);
      await after(client);
      return true;
    } catch (error) {
      this.postError(error, headline);
      return false;
    }
  }
}
