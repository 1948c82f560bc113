// One channel's webview panel, host side: loads pages, threads and members through the client,
// renders Markdown here, and acts only on messages that parseWebviewMessage accepted.
import * as vscode from 'vscode';
import { messageUrl, parseMessageLink, type Channel, type Message } from '../../shared/index';
import type { ChannelState } from '../channels/channel-state';
import type { WscServices } from '../context';
import { describeError } from '../errors/describe-error';
import { COMMAND_IDS } from '../ids';
import { toChannelView, toMemberViews, toMessageView } from './message-view';
import { parseWebviewMessage, type HostToWebview, type WebviewToHost } from './messages';
import type { OpenChannelArgs } from './open-channel-args';
import { panelHtml, webviewOptions } from './webview-assets';

export const CHANNEL_PANEL_VIEW_TYPE = 'wsc.channelPanel';
/** How often a visible panel asks for newer messages (the doorbell only rings for mentions). */
const LIVE_POLL_MS = 4_000;
const PAGE_SIZE = 50;

export class ChannelPanel implements vscode.Disposable {
  private newest: string | null = null;
  private openThreadId: string | null = null;
  private newestReply: string | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private polling = false;
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;
  /** Test mode: every message sent to the webview, in order. */
  readonly sent: HostToWebview[] = [];
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closed.event;

  constructor(
    private readonly services: WscServices,
    private readonly channelState: ChannelState,
    readonly channel: Channel,
    readonly panel: vscode.WebviewPanel,
  ) {
    const extensionUri = services.context.extensionUri;
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = panelHtml(panel.webview, extensionUri, 'channel-panel', this.title());
    this.disposables.push(
      panel.webview.onDidReceiveMessage((data: unknown) => void this.handle(data)),
      panel.onDidChangeViewState(() => this.updatePolling()),
      panel.onDidDispose(() => this.dispose()),
      this.closed,
    );
  }

  title(): string {
    return this.channel.kind === 'dm' ? this.channel.name : `#${this.channel.name}`;
  }

  /**
   * Handles one message from the webview: validated first, dropped (and logged) when it is not
   * exactly one of the union's shapes. Resolves when the action finished (tests await it).
   */
  async handle(data: unknown): Promise<void> {
    const message = parseWebviewMessage(data);
    if (!message) {
      this.services.log.warn(`channel panel: dropped an invalid message from the webview`);
      return;
    }
    try {
      await this.act(message);
    } catch (error) {
      const view = describeError(error, describeAction(message));
      const requestId = 'requestId' in message ? message.requestId : null;
      this.send({ type: 'failed', requestId, message: view.message, hint: view.hint });
      this.services.log.error(`${view.message} ${view.hint}`);
      if (view.steps.includes('signIn')) void this.services.showError(error, describeAction(message));
    }
  }

  /** Shows a thread or scrolls to a message (from a link, a mention or search). */
  async focus(args: OpenChannelArgs): Promise<void> {
    if (args.threadRootId) await this.act({ type: 'openThread', rootId: args.threadRootId });
    if (args.messageId) this.send({ type: 'focusMessage', messageId: args.messageId });
  }

  private async act(message: WebviewToHost): Promise<void> {
    const client = this.services.auth.requireClient();
    const me = this.services.auth.identity;
    const myId = me?.userId ?? '';
    switch (message.type) {
      case 'ready': {
        const [members, page] = await Promise.all([client.members(this.channel.id), client.messages(this.channel.id, { limit: PAGE_SIZE })]);
        this.send({ type: 'init', channel: toChannelView(this.channel), me: { userId: myId, handle: me?.handle ?? '' }, members: toMemberViews(members) });
        this.send({ type: 'messages', mode: 'replace', messages: page.messages.map((m) => toMessageView(m, myId)), hasMore: page.hasMore });
        this.noteNewest(page.messages);
        if (this.openThreadId) await this.act({ type: 'openThread', rootId: this.openThreadId });
        this.updatePolling();
        return;
      }
      case 'loadOlder': {
        const page = await client.messages(this.channel.id, { before: message.before, limit: PAGE_SIZE });
        this.send({ type: 'messages', mode: 'prepend', messages: page.messages.map((m) => toMessageView(m, myId)), hasMore: page.hasMore });
        return;
      }
      case 'openThread': {
        const thread = await client.thread(message.rootId, { limit: 100 });
        this.openThreadId = message.rootId;
        this.newestReply = thread.replies.at(-1)?.created_at ?? thread.root.created_at;
        this.send({
          type: 'thread',
          root: toMessageView(thread.root, myId),
          replies: thread.replies.map((m) => toMessageView(m, myId)),
          hasMore: thread.hasMore,
        });
        return;
      }
      case 'closeThread':
        this.openThreadId = null;
        this.newestReply = null;
        return;
      case 'post': {
        await client.postMessage(
          this.channel.id,
          message.parentId ? { body: message.body, parent_id: message.parentId } : { body: message.body },
          { idempotencyKey: `vscode-${message.requestId}` },
        );
        this.send({ type: 'done', requestId: message.requestId });
        await this.pollNewer();
        return;
      }
      case 'edit': {
        await client.editMessage(message.messageId, message.body, { idempotencyKey: `vscode-${message.requestId}` });
        this.send({ type: 'done', requestId: message.requestId });
        await this.refreshMessage(message.messageId);
        return;
      }
      case 'openLink': {
        const link = parseMessageLink(message.url);
        if (link && me && link.workspaceId === me.workspaceId) {
          const args: OpenChannelArgs = { channelId: link.channelId, threadRootId: link.threadRootId, messageId: link.messageId };
          await vscode.commands.executeCommand(COMMAND_IDS.openChannel, args);
        } else {
          await vscode.env.openExternal(vscode.Uri.parse(message.url, true));
        }
        return;
      }
      case 'copyLink':
        await vscode.env.clipboard.writeText(message.url);
        vscode.window.setStatusBarMessage('Copied the message link', 3000);
        return;
      case 'openRun':
        // The run timeline (issue 7) registers this command; until then say so.
        if ((await vscode.commands.getCommands(true)).includes(COMMAND_IDS.openRun)) {
          await vscode.commands.executeCommand(COMMAND_IDS.openRun, { runId: message.runId });
        } else {
          void vscode.window.showInformationMessage('Run timelines are not available in this version yet.');
        }
        return;
    }
  }

  /** Fetches messages (and open-thread replies) newer than the newest shown; the live update. */
  async pollNewer(): Promise<void> {
    const client = this.services.auth.client();
    if (!client || this.polling || this.disposed) return;
    this.polling = true;
    const myId = this.services.auth.identity?.userId ?? '';
    try {
      if (this.newest) {
        const page = await client.messages(this.channel.id, { after: this.newest, limit: PAGE_SIZE });
        if (page.messages.length > 0) {
          this.send({ type: 'messages', mode: 'append', messages: page.messages.map((m) => toMessageView(m, myId)), hasMore: false });
          this.noteNewest(page.messages);
        }
      }
      if (this.openThreadId && this.newestReply) {
        const rootId = this.openThreadId;
        const thread = await client.thread(rootId, { after: this.newestReply, limit: 100 });
        if (thread.replies.length > 0) {
          this.newestReply = thread.replies.at(-1)?.created_at ?? this.newestReply;
          this.send({ type: 'threadReplies', rootId, replies: thread.replies.map((m) => toMessageView(m, myId)) });
          this.send({ type: 'messageUpdated', message: toMessageView(thread.root, myId) });
        }
      }
    } catch (error) {
      this.services.log.warn(`channel panel: live update failed: ${describeError(error, '').message}`);
    } finally {
      this.polling = false;
    }
  }

  private async refreshMessage(messageId: string): Promise<void> {
    const client = this.services.auth.requireClient();
    const link = await client.messageLink(messageUrl(this.services.config().serviceUrl, this.services.auth.identity?.workspaceId ?? '', this.channel.id, messageId));
    if (link.message) this.send({ type: 'messageUpdated', message: toMessageView(link.message, this.services.auth.identity?.userId ?? '') });
  }

  private noteNewest(messages: readonly Message[]): void {
    const last = messages.at(-1);
    if (!last) return;
    if (!this.newest || last.created_at > this.newest) this.newest = last.created_at;
    if (this.panel.visible) void this.channelState.markRead(this.channel.id, this.newest);
  }

  private updatePolling(): void {
    const wanted = this.panel.visible && !this.disposed;
    if (wanted && !this.timer) {
      this.timer = setInterval(() => void this.pollNewer(), LIVE_POLL_MS);
      if (this.newest) void this.channelState.markRead(this.channel.id, this.newest);
    } else if (!wanted && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  send(message: HostToWebview): void {
    if (this.disposed) return;
    if (this.services.testMode) this.sent.push(message);
    void this.panel.webview.postMessage(message);
  }

  reveal(): void {
    this.panel.reveal();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer) clearInterval(this.timer);
    this.closed.fire();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}

function describeAction(message: WebviewToHost): string {
  switch (message.type) {
    case 'post':
      return 'post the message';
    case 'edit':
      return 'save the edit';
    case 'loadOlder':
      return 'load older messages';
    case 'openThread':
      return 'open the thread';
    default:
      return 'load the channel';
  }
}
