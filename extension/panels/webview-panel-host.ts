// The host side every feature webview panel shares: the HTML and options, validated messages in,
// a bounded log of messages out (tests read it), the ready handshake and one-time disposal.
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { panelHtml, webviewOptions } from './webview-assets';

export interface WebviewPanelView<In> {
  /** media/<script>.ts is the webview's script (and media/<script>.css its styles). */
  script: string;
  title: string;
  /** The HTML document's title. */
  documentTitle: string;
  /** Names the panel in log lines. */
  logName: string;
  parse(data: unknown): In | null | undefined;
}

const POSTED_KEPT = 200;

export abstract class WebviewPanelHost<In, Out> implements vscode.Disposable {
  protected readonly posted: Out[] = [];
  /** Set once the webview said 'ready'; messages before that are only logged. */
  protected ready = false;
  protected readonly changed = new vscode.EventEmitter<this>();
  readonly onDidChange = this.changed.event;
  protected readonly disposables: vscode.Disposable[] = [this.changed];
  protected disposed = false;

  protected constructor(
    protected readonly services: WscServices,
    readonly panel: vscode.WebviewPanel,
    private readonly view: WebviewPanelView<In>,
    private readonly onDisposed: () => void,
  ) {
    const uri = services.context.extensionUri;
    panel.webview.options = webviewOptions(uri);
    panel.title = view.title;
    panel.webview.html = panelHtml(panel.webview, uri, view.script, view.documentTitle);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((data: unknown) => void this.receive(data)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** The validated entry for everything the webview sends (tests call it too). */
  async receive(data: unknown): Promise<void> {
    const message = this.view.parse(data);
    if (!message) {
      this.services.log.warn(`${this.view.logName}: ignored a webview message of an unknown shape`);
      return;
    }
    await this.handle(message);
  }

  protected abstract handle(message: In): Promise<void>;

  /** `logged` is what the message log keeps (a redacted copy, when the message carries a secret). */
  protected post(message: Out, logged: Out = message): void {
    this.posted.push(logged);
    if (this.posted.length > POSTED_KEPT) this.posted.splice(0, this.posted.length - POSTED_KEPT);
    if (this.ready) this.send(message);
    this.changed.fire(this);
  }

  /** Straight to the webview, not logged; a webview that went away meanwhile is no error. */
  protected send(message: Out): void {
    this.panel.webview.postMessage(message).then(undefined, () => undefined);
  }

  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.beforeDispose();
    this.onDisposed();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }

  /** The subclass's own clean-up, before the panel's owner forgets it. */
  protected beforeDispose(): void {
    // nothing by default
  }
}
