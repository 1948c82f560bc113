// One channel's webview panel, host side: loads pages, threads and members through the client,
// renders Markdown here, and acts only on messages that parseChannelPanelToHost accepted.
import * as vscode from 'vscode';
import { compareTimestamps, messageUrl, parseMessageLink, type Channel, type Member, type Message, type OutboxEntry, type OutboxOperation, type OutboxSendOutcome, type Thread } from '../../shared/index';
import { serviceUnreachable } from '../auth/auth-session';
import { channelDisplayName } from '../channels/channel-items';
import type { ChannelState } from '../channels/channel-state';
import type { WscServices } from '../context';
import { describeError } from '../errors/describe-error';
import { COMMAND_IDS } from '../ids';
import type { OutboxFeature } from '../outbox/index';
import { savedCopyMark } from '../offline/saved-copy';
import { WebviewPanelHost } from '../panels/webview-panel-host';
import { parseChannelPanelToHost, type ChannelPanelToHost, type HostToChannelPanel } from './channel-panel-protocol';
import { describeChannelFailure } from './describe-channel-action';
import { toChannelView, toMemberViews, toMessageView, toPendingViews } from './message-view';
import { runOpenArgs } from './run-origin';
import type { OpenChannelArgs } from './open-channel-args';

/** How often a visible panel asks for newer messages (the doorbell only rings for mentions). */
const PAGE_SIZE = 50;
const THREAD_PAGE_SIZE = 100;
/** How often the saved-copy mark's age is brought up to date. */
const SAVED_COPY_AGE_EVERY_MS = 30_000;

/** What a test can observe of a panel without pixels. */
export interface ChannelPanelSnapshot {
  channelId: string;
  /** Every message posted to the webview (the newest 200), oldest first. */
  posted: readonly HostToChannelPanel[];
  /** The webview's latest report of what it shows (null before the first). */
  shown: Extract<ChannelPanelToHost, { type: 'shown' }> | null;
}

export class ChannelPanel extends WebviewPanelHost<ChannelPanelToHost, HostToChannelPanel> {
  private newest: string | null = null;
  private openThreadId: string | null = null;
  private newestReply: string | null = null;
  /** A message to scroll to once the webview has its first page. */
  private focusPending: string | null = null;
  private refreshing = false;
  /** Asked for newer messages while a refresh ran: it goes round once more (a sent outbox entry must show). */
  private refreshAgain = false;
  private wasVisible = false;
  /** Set while the shown messages are the offline cache's copy (when it was saved). */
  private savedCopyAt: number | undefined;
  private savedCopyAgeTimer: ReturnType<typeof setInterval> | undefined;
  private replacingSavedCopy = false;

  constructor(
    services: WscServices,
    private readonly channelState: ChannelState,
    readonly channel: Channel,
    panel: vscode.WebviewPanel,
    onDisposed: () => void,
    private readonly outbox: OutboxFeature,
  ) {
    const title = channelDisplayName(channel, services.auth.identity);
    super(services, panel, { script: 'channel-panel', title, documentTitle: title, logName: 'Channel panel', parse: parseChannelPanelToHost }, onDisposed);
    this.disposables.push(
      panel.onDidChangeViewState(() => this.onVisibility()),
      // The one live mechanism of the extension (shared Waker via the mention feed): doorbell wakes and its interval.
      services.onLiveCue(() => {
        if (this.panel.visible) void this.refreshNewer();
      }),
      // Back from an outage: catch up at once (a hidden panel does when it becomes visible).
      services.auth.onDidChangeReachable((reachable) => {
        if (reachable && this.panel.visible) void this.refreshNewer();
        else this.showSavedCopyMark();
      }),
      { dispose: () => clearInterval(this.savedCopyAgeTimer) },
      outbox.onDidChange((entries) => this.showOutbox(entries)),
      outbox.onDidSend((entry) => void this.onOutboxSent(entry)),
    );
  }

  private shown: Extract<ChannelPanelToHost, { type: 'shown' }> | null = null;

  snapshot(): ChannelPanelSnapshot {
    return { channelId: this.channel.id, posted: this.posted, shown: this.shown };
  }

  /** Shows a thread or scrolls to a message (from a link, a mention or search). */
  async focus(args: OpenChannelArgs): Promise<void> {
    if (args.threadRootId) await this.act({ type: 'openThread', rootId: args.threadRootId });
    if (!args.messageId) return;
    if (this.ready) this.post({ type: 'focusMessage', messageId: args.messageId });
    else this.focusPending = args.messageId;
  }

  /**
   * The live update: fetches messages (and open-thread replies) newer than the newest shown. Each
   * live cue (services.onLiveCue) calls it while the panel is visible, and becoming visible does.
   */
  async refreshNewer(): Promise<void> {
    const client = this.services.auth.client();
    if (!client || this.disposed) return;
    if (this.savedCopyAt !== undefined) return this.replaceSavedCopy();
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    const myId = this.services.auth.identity?.userId ?? '';
    try {
      if (this.newest) {
        // Every page after the newest shown, in order (after an outage there can be more than one).
        let batch: Message[] = [];
        const append = () => {
          this.post({ type: 'messages', mode: 'append', messages: batch.map((m) => toMessageView(m, myId)), hasMore: false });
          this.noteNewest(batch);
          batch = [];
        };
        for await (const message of client.iterateMessages(this.channel.id, { direction: 'newer', from: this.newest, limit: PAGE_SIZE })) {
          batch.push(message);
          if (batch.length === PAGE_SIZE) append();
        }
        if (batch.length > 0) append();
      }
      if (this.openThreadId && this.newestReply) {
        const rootId = this.openThreadId;
        const thread = await client.thread(rootId, { after: this.newestReply, limit: THREAD_PAGE_SIZE });
        if (thread.replies.length > 0) {
          this.newestReply = thread.replies.at(-1)?.created_at ?? this.newestReply;
          this.post({ type: 'threadReplies', rootId, replies: thread.replies.map((m) => toMessageView(m, myId)) });
          this.post({ type: 'messageUpdated', message: toMessageView(thread.root, myId) });
        }
      }
    } catch (error) {
      if (serviceUnreachable(error)) this.services.auth.reportUnreachable();
      this.services.log.warn(`channel panel: live update failed: ${describeError(error, '').message}`);
    } finally {
      this.refreshing = false;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        void this.refreshNewer();
      }
    }
  }

  /** Resolves when the action finished (tests await it); a failure goes to the webview as `failed`. */
  protected override async handle(message: ChannelPanelToHost): Promise<void> {
    try {
      await this.act(message);
    } catch (error) {
      const headline = describeChannelFailure(message);
      const view = describeError(error, headline);
      const requestId = 'requestId' in message ? message.requestId : null;
      this.post({ type: 'failed', requestId, message: view.message, hint: view.hint });
      this.services.log.error(`${view.message} ${view.hint}`);
      if (view.steps.includes('signIn')) void this.services.showError(error, headline);
    }
  }

  private async act(message: ChannelPanelToHost): Promise<void> {
    if (message.type === 'shown') {
      this.shown = message;
      return;
    }
    if (message.type === 'online') {
      await this.outbox.current()?.flush();
      return;
    }
    const client = this.services.auth.requireClient();
    const myId = this.services.auth.identity?.userId ?? '';
    switch (message.type) {
      case 'ready':
        return this.start();
      case 'loadOlder': {
        const page = await client.messages(this.channel.id, { before: message.before, limit: PAGE_SIZE });
        this.post({ type: 'messages', mode: 'prepend', messages: page.messages.map((m) => toMessageView(m, myId)), hasMore: page.hasMore });
        return;
      }
      case 'openThread': {
        let thread: Thread;
        try {
          thread = await client.thread(message.rootId, { limit: THREAD_PAGE_SIZE });
        } catch (error) {
          // Not answered: the thread as the offline cache kept it, when it was opened before.
          const kept = serviceUnreachable(error) ? this.keptThread(message.rootId) : undefined;
          if (!kept) throw error;
          this.services.auth.reportUnreachable();
          thread = kept.thread;
          this.setSavedCopy(this.savedCopyAt ?? kept.savedAt);
        }
        this.openThreadId = message.rootId;
        this.newestReply = thread.replies.at(-1)?.created_at ?? thread.root.created_at;
        this.post({ type: 'thread', root: toMessageView(thread.root, myId), replies: thread.replies.map((m) => toMessageView(m, myId)), hasMore: thread.hasMore });
        return;
      }
      case 'closeThread':
        this.openThreadId = null;
        this.newestReply = null;
        return;
      case 'post': {
        const operation: OutboxOperation = { kind: 'post', channelId: this.channel.id, channelName: this.channel.name, channelKind: this.channel.kind, body: message.body, ...(message.parentId ? { parentId: message.parentId } : {}) };
        // Queued (durable) is enough to clear the compose box: the pending row shows it until it is sent.
        const { settled } = await this.sendWrite(operation, `vscode-${message.requestId}`);
        this.post({ type: 'done', requestId: message.requestId });
        void settled.then((outcome) => (outcome.kind === 'sent' ? this.refreshNewer() : undefined)).catch(() => undefined);
        return;
      }
      case 'edit': {
        const operation: OutboxOperation = { kind: 'edit', messageId: message.messageId, body: message.body };
        const { settled } = await this.sendWrite(operation, `vscode-${message.requestId}`);
        this.post({ type: 'done', requestId: message.requestId });
        void settled.then((outcome) => (outcome.kind === 'sent' ? this.refreshMessage(message.messageId) : undefined)).catch(() => undefined);
        return;
      }
      case 'outboxRetry':
        await this.requireOutbox().retry(message.id);
        return;
      case 'outboxDrop':
        if ((await this.requireOutbox().drop(message.id)) === 'sent') throw new Error('It was sent before it could be stopped.');
        return;
      case 'outboxEdit':
        if (!(await this.requireOutbox().edit(message.id, message.body))) throw new Error('It may already have reached the service, so its text cannot change now. Wait for it to be sent, or drop it.');
        return;
      case 'openLink':
        return this.openLink(message.url);
      case 'copyLink':
        await vscode.env.clipboard.writeText(message.url);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the message link'), 3000);
        return;
      case 'openRun':
        await vscode.commands.executeCommand(COMMAND_IDS.openRun, runOpenArgs(message.runId, this.channel.id, this.posted));
        return;
    }
  }

  /**
   * The one send policy (shared/session): into the account's outbox first, sent behind what waits;
   * a refusal stays in the outbox, failed, and the panel shows it with retry, edit and drop.
   * Resolves once the write is queued, with how this attempt ends (sent, queued or refused).
   */
  private async sendWrite(operation: OutboxOperation, key: string): Promise<{ settled: Promise<OutboxSendOutcome> }> {
    const { settled } = await this.requireOutbox().send(operation, { idempotencyKey: key });
    return {
      settled: settled.then((outcome) => {
        if (outcome.kind === 'queued') this.services.log.info(`channel panel: the write waits in the outbox (${outcome.reason.message})`);
        return outcome;
      }),
    };
  }

  private requireOutbox() {
    const outbox = this.outbox.current();
    if (!outbox) throw this.services.auth.notSignedInError();
    return outbox;
  }

  private showOutbox(entries: readonly OutboxEntry[]): void {
    if (this.ready && !this.disposed) this.post({ type: 'outbox', entries: toPendingViews(entries, this.channel.id) });
  }

  /** A waiting write was sent: the real message replaces the pending one. */
  private async onOutboxSent(entry: OutboxEntry): Promise<void> {
    const op = entry.operation;
    if (this.disposed) return;
    try {
      if (op.kind === 'post' && op.channelId === this.channel.id) await this.refreshNewer();
      if (op.kind === 'edit' && this.posted.some((m) => 'messages' in m && m.messages.some((v) => v.id === op.messageId))) await this.refreshMessage(op.messageId);
    } catch (error) {
      this.services.log.warn(`channel panel: could not show the sent message: ${describeError(error, '').message}`);
    }
  }

  /**
   * The webview (re)loaded: channel, members and the newest page, then the open thread again. The
   * offline cache's copy is drawn first, so a slow or unreachable service still shows the channel.
   */
  private async start(): Promise<void> {
    this.ready = true;
    const drewSavedCopy = this.drawSavedCopy();
    try {
      await this.loadNewestPage(drewSavedCopy ? 'refresh' : 'replace');
    } catch (error) {
      if (!drewSavedCopy || !serviceUnreachable(error)) throw error;
      this.services.auth.reportUnreachable();
      this.showSavedCopyMark();
      this.services.log.info(`channel panel: showing the saved copy of ${this.channel.name}; the service cannot be reached (${describeError(error, '').message})`);
      // The thread asked for before the webview was ready is drawn now too (from the saved copy).
      if (this.openThreadId) await this.act({ type: 'openThread', rootId: this.openThreadId }).catch(() => undefined);
      return;
    }
    if (this.openThreadId) await this.act({ type: 'openThread', rootId: this.openThreadId });
    if (this.focusPending) this.post({ type: 'focusMessage', messageId: this.focusPending });
    this.focusPending = null;
    this.onVisibility();
  }

  /** The service's members and newest page; 'refresh' replaces a saved copy in place. */
  private async loadNewestPage(mode: 'replace' | 'refresh'): Promise<void> {
    const client = this.services.auth.requireClient();
    const myId = this.services.auth.identity?.userId ?? '';
    const [members, page] = await Promise.all([client.members(this.channel.id), client.messages(this.channel.id, { limit: PAGE_SIZE })]);
    if (this.disposed) return;
    this.postInit(members);
    this.post({ type: 'messages', mode, messages: page.messages.map((m) => toMessageView(m, myId)), hasMore: page.hasMore });
    this.setSavedCopy(undefined);
    this.noteNewest(page.messages);
    this.showOutbox(this.outbox.current()?.entries() ?? []);
  }

  private postInit(members: readonly Member[]): void {
    const me = this.services.auth.identity;
    this.post({ type: 'init', channel: toChannelView(this.channel), me: { userId: me?.userId ?? '', handle: me?.handle ?? '', name: me?.name ?? '' }, members: toMemberViews(members) });
  }

  /** Draws the offline cache's newest messages of this channel, marked; false when none are kept. */
  private drawSavedCopy(): boolean {
    const cache = this.services.auth.offlineCache;
    let kept: { value: Message[]; savedAt: number } | undefined;
    let members: Member[] = [];
    try {
      kept = cache?.messages({ channel: this.channel.id });
      members = cache?.get<Member[]>('members', this.channel.id)?.value ?? [];
    } catch (error) {
      this.services.log.warn(`channel panel: the saved copy could not be read: ${describeError(error, '').message}`);
      return false;
    }
    if (!kept || kept.value.length === 0) return false;
    const myId = this.services.auth.identity?.userId ?? '';
    this.postInit(members);
    this.post({ type: 'messages', mode: 'replace', messages: kept.value.slice(-PAGE_SIZE).map((m) => toMessageView(m, myId)), hasMore: false });
    this.setSavedCopy(kept.savedAt);
    this.showOutbox(this.outbox.current()?.entries() ?? []);
    return true;
  }

  /** The root and replies of a thread the offline cache kept; undefined when it kept none. */
  private keptThread(rootId: string): { thread: Thread; savedAt: number } | undefined {
    try {
      const kept = this.services.auth.offlineCache?.messages({ thread: rootId });
      const root = kept?.value.find((m) => m.id === rootId);
      if (!kept || !root) return undefined;
      const replies = kept.value.filter((m) => m.id !== rootId);
      return { thread: { root, replies, hasMore: false, cursor: replies[0]?.created_at ?? null }, savedAt: kept.savedAt };
    } catch (error) {
      this.services.log.warn(`channel panel: the saved thread could not be read: ${describeError(error, '').message}`);
      return undefined;
    }
  }

  private setSavedCopy(savedAt: number | undefined): void {
    if (savedAt === undefined && this.savedCopyAt === undefined) return;
    this.savedCopyAt = savedAt;
    if (savedAt === undefined && this.savedCopyAgeTimer) {
      clearInterval(this.savedCopyAgeTimer);
      this.savedCopyAgeTimer = undefined;
    }
    if (savedAt !== undefined && !this.savedCopyAgeTimer) this.savedCopyAgeTimer = setInterval(() => this.showSavedCopyMark(), SAVED_COPY_AGE_EVERY_MS);
    this.showSavedCopyMark();
  }

  /** The mark over a saved copy: its age, and whether the service can be reached (it refreshes by itself when it can). */
  private showSavedCopyMark(): void {
    if (this.disposed || !this.ready) return;
    const savedAt = this.savedCopyAt;
    this.post({ type: 'savedCopy', mark: savedAt === undefined ? null : savedCopyMark(savedAt, this.services.auth.reachable, Date.now()) });
  }

  /** The saved copy is shown: the service's newest page replaces it (once at a time). */
  private async replaceSavedCopy(): Promise<void> {
    if (this.replacingSavedCopy) return;
    this.replacingSavedCopy = true;
    try {
      await this.loadNewestPage('refresh');
    } catch (error) {
      if (serviceUnreachable(error)) this.services.auth.reportUnreachable();
      this.showSavedCopyMark();
      this.services.log.warn(`channel panel: the saved copy could not be refreshed: ${describeError(error, '').message}`);
    } finally {
      this.replacingSavedCopy = false;
    }
  }

  /** A link to a message of this workspace opens in its panel; any other link in the browser. */
  private async openLink(url: string): Promise<void> {
    const link = parseMessageLink(url);
    const me = this.services.auth.identity;
    if (link && me && link.workspaceId === me.workspaceId) {
      const args: OpenChannelArgs = { channelId: link.channelId, threadRootId: link.threadRootId, messageId: link.messageId };
      await vscode.commands.executeCommand(COMMAND_IDS.openChannel, args);
    } else {
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
    }
  }

  private async refreshMessage(messageId: string): Promise<void> {
    const client = this.services.auth.requireClient();
    const identity = this.services.auth.identity;
    const link = await client.messageLink(messageUrl(this.services.config().serviceUrl, identity?.workspaceId ?? '', this.channel.id, messageId));
    if (link.message) this.post({ type: 'messageUpdated', message: toMessageView(link.message, identity?.userId ?? '') });
  }

  private noteNewest(messages: readonly Message[]): void {
    const last = messages.at(-1);
    if (!last) return;
    if (!this.newest || compareTimestamps(last.created_at, this.newest) > 0) this.newest = last.created_at;
    if (this.panel.visible) void this.channelState.markRead(this.channel.id, this.newest);
  }

  /** Becoming visible marks the channel read and catches up at once (cues skip hidden panels). */
  private onVisibility(): void {
    const visible = this.panel.visible && !this.disposed;
    const becameVisible = visible && !this.wasVisible;
    this.wasVisible = visible;
    if (becameVisible) void this.outbox.current()?.flush();
    if (becameVisible && this.savedCopyAt !== undefined) {
      void this.replaceSavedCopy();
      return;
    }
    if (!becameVisible || !this.newest) return;
    void this.channelState.markRead(this.channel.id, this.newest);
    void this.refreshNewer();
  }
}
