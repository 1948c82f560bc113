/**
 * One run's timeline panel in the extension host: reads the ledger with the shared readRunEvents
 * (history, then live follow while the run is active; it stops when the run settles), turns events
 * into rows and sends them to the webview in batches. nextAfter is kept per run in workspaceState:
 * after a reload the restored panel redraws the history and marks where the person left off.
 */
import * as vscode from 'vscode';
import { runTabTitle } from './run-title';
import { fileChangeOf, isRunSettledEvent, readRunEvents, type FileChange, type RunReaderEvent } from '../../shared/index';
import type { WscServices } from '../context';
import { describeError } from '../errors/describe-error';
import { COMMAND_IDS } from '../ids';
import { WebviewPanelHost } from '../panels/webview-panel-host';
import { RunPositionStore, runPositionKey, saveOnly } from './run-position-store';
import { TIMELINE_BATCH_SIZE, parseTimelineToHost, type FollowState, type HostToTimeline, type TimelineRow, type TimelineToHost } from './timeline-protocol';
import { toTimelineRow } from './timeline-row';
import { runHeading, type RunContext } from './run-context';
import type { OutboxFeature } from '../outbox/index';
import { openFileChange, replyToStep } from './step-actions';
import type { Questions } from '../questions';
import { vscodeQuestions } from '../vscode-questions';

export interface TimelinePollOptions {
  minMs: number;
  maxMs: number;
}

/** What a test can observe of a panel without pixels. */
export interface TimelineSnapshot {
  runId: string;
  /** The panel's heading: the agent, channel and task when known. */
  heading: string;
  rows: readonly TimelineRow[];
  follow: FollowState;
  after: number;
  resumedAfter: number | null;
  /** The webview's last report of what it drew. */
  /** clippedButtons: buttons whose label does not fit (0 when every control reads in full). */
  rendered: { total: number; matching: number; domRows: number; clippedButtons: number } | undefined;
  /** Every non-`events` message posted to the webview, oldest first. */
  posted: readonly HostToTimeline[];
  /** How many reads of the ledger have ended (a following read ends only when aborted or settled). */
  readsEnded: number;
}

const FLUSH_MS = 150;

/** onDidChange fires after each batch, follow change, retry answer and render report (tests wait on it). */
export class TimelinePanel extends WebviewPanelHost<TimelineToHost, HostToTimeline> {
  private readonly rows: TimelineRow[] = [];
  /** The ledger's latest lifecycle fact: run.stopped seen and no run.resumed after it. */
  private stopped = false;
  /** run.settled (or a settled status) was read: nothing follows, Refresh only re-reads. */
  private settled = false;
  private readsEnded = 0;
  private pending: TimelineRow[] = [];
  private lastFlush = 0;
  private follow: FollowState = 'loading';
  private after = 0;
  private resumedAfter: number | null = null;
  private reader: AbortController | undefined;
  private rendered: TimelineSnapshot['rendered'];
  private lastMessage: string | undefined;
  /** The name of the run's channel once looked up (for the heading). */
  private channelName: string | undefined;
  /** The file changes of the rows read, by seq (the diff stays here, not in the webview). */
  private readonly fileChanges = new Map<number, FileChange>();
  /** What a reply to a step asks (tests answer through this). */
  questions: Questions = vscodeQuestions;

  constructor(
    services: WscServices,
    panel: vscode.WebviewPanel,
    readonly runId: string,
    private readonly poll: () => TimelinePollOptions,
    onDisposed: () => void,
    /** Where the timeline was opened from: the agent, the channel, the task. */
    readonly context: RunContext = {},
    /** The account's outbox, which a reply to a step is sent through. */
    private readonly outbox: Pick<OutboxFeature, 'current'>,
  ) {
    super(services, panel, { script: 'timeline', title: runTabTitle(runId), documentTitle: `Run ${runId}`, logName: 'Run timeline', parse: parseTimelineToHost }, onDisposed);
    this.disposables.push(
      services.onDidChangeSession((state) => {
        if (state.kind === 'signedIn') this.restart();
        else {
          // Signed out: nothing to read with; stop polling until a sign-in restarts it.
          this.reader?.abort();
          this.reader = undefined;
          if (!this.settled) this.setFollow('failed', 'Sign in to read this run.');
        }
      }),
    );
    void this.start();
  }

  snapshot(): TimelineSnapshot {
    return { runId: this.runId, heading: this.heading(), rows: this.rows, follow: this.follow, after: this.after, resumedAfter: this.resumedAfter, rendered: this.rendered, posted: this.posted, readsEnded: this.readsEnded };
  }

  protected override async handle(message: TimelineToHost): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.resend();
        return;
      case 'openRun': {
        // The child's agent (from its child.started event) and this run's channel name the child.
        const agent = this.rows.find((r) => r.childRunId === message.runId && r.childAgent)?.childAgent;
        const context: RunContext = { ...(agent ? { agent } : {}), ...(this.context.channelId ? { channelId: this.context.channelId } : {}) };
        await vscode.commands.executeCommand(COMMAND_IDS.openRunTimeline, { runId: message.runId, context });
        return;
      }
      case 'openMessage':
        if (this.context.channelId) await vscode.commands.executeCommand(COMMAND_IDS.openChannel, { channelId: this.context.channelId, messageId: message.messageId });
        return;
      case 'openFileChange':
        await this.openFileChange(message.seq);
        return;
      case 'replyToStep':
        await this.replyToStep(message.seq);
        return;
      case 'retry':
        await this.retry();
        return;
      case 'refresh':
        this.restart();
        return;
      case 'rendered':
        this.rendered = { total: message.total, matching: message.matching, domRows: message.domRows, clippedButtons: message.clippedButtons };
        this.changed.fire(this);
        return;
    }
  }

  /** Opens the change a file.changed row names (shown as an error when it cannot be opened). */
  async openFileChange(seq: number): Promise<void> {
    const change = this.fileChanges.get(seq);
    if (!change) return;
    try {
      await openFileChange(change);
    } catch (error) {
      void vscode.window.showWarningMessage(error instanceof Error ? error.message : String(error));
    }
  }

  /** Asks for the words and posts them in the run's thread, mentioning the agent and quoting the step. */
  async replyToStep(seq: number): Promise<string | undefined> {
    const row = this.rows.find((r) => r.seq === seq);
    if (!row) return undefined;
    try {
      return await replyToStep(this.services, this.outbox, this.questions, this.context, { seq: row.seq, title: row.title, ...(row.detail ? { detail: row.detail } : {}) });
    } catch (error) {
      void this.services.showError(error, vscode.l10n.t('Could not reply to the step'));
      return undefined;
    }
  }

  /** POST /runs/{id}/retry; the service's answer (or refusal with its hint) goes to the panel. */
  async retry(): Promise<void> {
    const client = this.services.auth.client();
    if (!client) {
      this.post({ type: 'retryResult', ok: false, message: 'You are not signed in to the workspace.', hint: 'Run "Workspace: Sign In", then retry.' });
      return;
    }
    try {
      const result = await client.retryRun(this.runId);
      this.post({ type: 'retryResult', ok: true, message: `The service accepted the retry: run ${shortId(result.run_id)} is ${result.status} and continues from where it stopped.` });
      this.restart();
    } catch (error) {
      const view = describeError(error, vscode.l10n.t('Could not retry the run'));
      this.post({ type: 'retryResult', ok: false, message: view.message, hint: view.hint });
    }
  }

  /** Reads again from the last row held (after a retry, a sign-in or Refresh). */
  restart(): void {
    if (this.disposed) return;
    void this.start();
  }

  private async start(): Promise<void> {
    this.reader?.abort();
    const controller = new AbortController();
    this.reader = controller;
    const client = this.services.auth.client();
    if (!client) {
      this.setFollow('failed', 'Sign in to read this run.');
      this.post({ type: 'error', message: 'You are not signed in to the workspace.', hint: 'Run "Workspace: Sign In"; the timeline loads by itself afterwards.' });
      return;
    }
    if (this.context.channelId && this.channelName === undefined) void this.lookUpChannelName(client, this.context.channelId);
    const store = new RunPositionStore(this.services.context.workspaceState, runPositionKey(client.baseUrl, this.runId));
    if (this.rows.length === 0 && this.resumedAfter === null) {
      const saved = await store.load();
      this.resumedAfter = saved !== undefined && saved > 0 ? saved : null;
      if (this.ready) this.post(this.initMessage());
    }
    if (this.rows.length === 0) this.setFollow('loading');
    const events = readRunEvents({
      client,
      runId: this.runId,
      after: this.after,
      store: saveOnly(store),
      // A settled run gets no more events: Refresh reads what may be there and stays settled.
      follow: !this.settled,
      signal: controller.signal,
      logger: this.services.logger,
      poll: this.poll(),
    });
    try {
      for await (const event of events) {
        if (this.reader !== controller) return;
        this.onReaderEvent(event);
      }
    } catch (error) {
      if (this.reader === controller) this.setFollow('failed', describeError(error, vscode.l10n.t('Could not read the run events')).message);
    } finally {
      this.readsEnded++;
      this.changed.fire(this);
    }
  }

  private onReaderEvent(event: RunReaderEvent): void {
    switch (event.type) {
      case 'event': {
        const row = toTimelineRow(event.event, { messageLinks: this.context.channelId !== undefined });
        const file = fileChangeOf(event.event);
        if (file) this.fileChanges.set(row.seq, file);
        const last = this.rows[this.rows.length - 1];
        if (last && row.seq <= last.seq) return;
        this.rows.push(row);
        this.pending.push(row);
        if (row.name === 'run.stopped') this.stopped = true;
        if (row.name === 'run.resumed') this.stopped = false;
        if (isRunSettledEvent(event.event)) this.settled = true;
        if (this.pending.length >= TIMELINE_BATCH_SIZE || Date.now() - this.lastFlush >= FLUSH_MS) this.flush();
        return;
      }
      case 'caught_up':
        this.after = event.after;
        this.flush();
        if (this.settled) return this.setFollow('settled');
        this.setFollow(this.stopped ? 'stopped' : event.nextPollInMs !== undefined ? 'following' : 'caught_up', undefined, event.nextPollInMs);
        return;
      case 'error': {
        const view = describeError(event.error, vscode.l10n.t('Could not read the run events'));
        this.services.log.warn(`Run timeline ${this.runId}: ${view.message} (retrying in ${event.retryInMs} ms)`);
        return;
      }
      case 'end': {
        this.after = event.after;
        this.flush();
        if (event.reason === 'settled' || (event.reason === 'caught_up' && this.settled)) {
          this.settled = true;
          this.setFollow('settled');
        }
        else if (event.reason === 'failed') {
          const view = describeError(event.error, vscode.l10n.t('Could not read the run events'));
          this.setFollow('failed', view.message);
          this.post({ type: 'error', message: view.message, hint: view.hint });
        }
        // 'aborted': a restart or dispose stopped this reader; a new one reports for itself.
        return;
      }
    }
  }

  private flush(): void {
    this.lastFlush = Date.now();
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    if (this.ready) this.send({ type: 'events', rows: batch });
    this.changed.fire(this);
  }

  /** A (re)loaded webview gets everything again: init, all rows in batches, the follow state. */
  private resend(): void {
    this.post(this.initMessage());
    this.pending = [];
    for (let i = 0; i < this.rows.length || i === 0; i += TIMELINE_BATCH_SIZE) {
      const rows = this.rows.slice(i, i + TIMELINE_BATCH_SIZE);
      this.send({ type: 'events', rows, ...(i === 0 ? { reset: true } : {}) });
    }
    this.post({ type: 'follow', state: this.follow, after: this.after, ...(this.lastMessage ? { message: this.lastMessage } : {}) });
  }

  private initMessage(): HostToTimeline {
    const canReply = this.context.channelId !== undefined && this.context.threadId !== undefined && this.context.agentHandle !== undefined;
    return { type: 'init', runId: this.runId, title: this.heading(), resumedAfter: this.resumedAfter, canReply };
  }

  /** The agent, the channel and the task when known ("Helper's run in #general (…00000501)"), else the run id. */
  heading(): string {
    return runHeading(this.runId, this.context, this.channelName);
  }

  private async lookUpChannelName(client: { channels(): Promise<Array<{ id: string; name: string }>> }, channelId: string): Promise<void> {
    try {
      const channel = (await client.channels()).find((c) => c.id === channelId);
      if (!channel || this.disposed) return;
      this.channelName = channel.name;
      if (this.ready) this.post(this.initMessage());
      this.changed.fire(this);
    } catch {
      // The heading keeps what it has; the timeline itself does not depend on it.
    }
  }

  private setFollow(state: FollowState, message?: string, nextPollInMs?: number): void {
    const changed = state !== this.follow || message !== this.lastMessage;
    this.follow = state;
    this.lastMessage = message;
    if (changed || state === 'loading') {
      this.post({ type: 'follow', state, after: this.after, ...(message ? { message } : {}), ...(nextPollInMs !== undefined ? { nextPollInMs } : {}) });
    }
    if (state === 'settled' || state === 'failed') this.reader?.abort();
  }

  protected override beforeDispose(): void {
    this.reader?.abort();
  }
}

function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
