// The inbox feed for the current sign-in: started on every session change (the newest start wins,
// since changes can overlap), stopped on sign-out and dispose. Its effects come in as functions, so
// it is vscode-free.
import { isApiError, type Client, type InboxFeed, type LiveCue, type Logger, type MentionRow, type startInboxFeed } from '../../shared/index';
import type { KeyValueStore } from '../key-value-store';
import { GlobalStateCursorStore } from './cursor-store';
import type { ReadMarkedInbox } from './inbox';
import { l10n } from '../l10n';

/** Besides doorbell cues, how often listeners of services.onLiveCue look again (lost wakes, edits). */
export const LIVE_INTERVAL_MS = 5_000;

export interface SignedInPerson {
  client: Client;
  userId: string;
  workspaceId: string;
  serviceUrl: string;
}

export interface FeedLog {
  debug(line: string): void;
  info(line: string): void;
  warn(line: string): void;
}

export interface FeedSessionDeps {
  inbox: ReadMarkedInbox;
  /** Where earlier versions kept the feed's cursor (globalState), one key per service and person: read once, never written. */
  store: KeyValueStore;
  /** The account folders' root: the cursor is the account's, shared with the terminal. */
  storeRoot: string;
  /** The signed-in client and person now, or undefined when signed out. */
  signedIn(): SignedInPerson | undefined;
  logger: Logger;
  log: FeedLog;
  emitLiveCue(cue: LiveCue): void;
  /** A new row the feed brought that is still unread. */
  notify(row: MentionRow): void;
  /** A start found nobody signed in: show the (now empty) count. */
  refreshCount(): void;
  /** `headline`: the localised sentence of what failed ("Could not load your mentions"). */
  showError(error: unknown, headline: string): Promise<void> | void;
  /** A 401: end the session. */
  expireSession(): Promise<void>;
  /** A poll failed (the session learns from it whether the service can be reached). */
  pollFailed?(error: unknown): void;
  startFeed?: typeof startInboxFeed;
}

export class MentionFeedSession {
  private feed: InboxFeed | undefined;
  private generation = 0;
  private starting: Promise<void> = Promise.resolve();

  constructor(private readonly deps: FeedSessionDeps) {}

  /** (Re)starts for the current session; the returned promise settles like started(), errors shown. */
  restart(): Promise<void> {
    this.starting = this.start().catch((error) => this.deps.showError(error, l10n.t('Could not watch your mentions')));
    return this.starting;
  }

  /** Resolves once the feed of the latest restart runs (after its first inbox load). */
  started(): Promise<void> {
    return this.starting;
  }

  /** The service answers again: the feed polls from its cursor now rather than after its backoff. */
  retryNow(): void {
    this.feed?.retryNow();
  }

  async stop(): Promise<void> {
    const running = this.feed;
    this.feed = undefined;
    await running?.stop().catch(() => undefined);
  }

  private async start(): Promise<void> {
    const { inbox, log } = this.deps;
    const mine = ++this.generation;
    await this.stop();
    if (mine !== this.generation) return;
    inbox.clear();
    if (!this.deps.signedIn()) return this.deps.refreshCount();
    const { accountMentionCursor, startInboxFeed } = await import('./feed-code');
    if (mine !== this.generation) return;
    const person = this.deps.signedIn();
    if (!person) return this.deps.refreshCount();
    // The account's one mention cursor (shared with the terminal), never moving back.
    const account = { serviceUrl: person.client.baseUrl.replace(/\/+$/, ''), workspaceId: person.workspaceId, userId: person.userId };
    const cursorStore = accountMentionCursor(this.deps.storeRoot, account, { formerStores: [new GlobalStateCursorStore(this.deps.store, GlobalStateCursorStore.keyFor(person.serviceUrl, person.userId))] });
    const current = (this.deps.startFeed ?? startInboxFeed)({
      client: person.client,
      cursorStore,
      inbox,
      logger: this.deps.logger,
      intervalMs: LIVE_INTERVAL_MS,
      onDoorbellStatus: (status, detail) => log.debug(`mention doorbell: ${status}${detail ? ` (${detail})` : ''}`),
      onCue: (cue) => this.deps.emitLiveCue(cue),
      onSeed: (newest) => inbox.markReadIfFirstRun(newest),
      onSeedError: (error) => void this.deps.showError(error, l10n.t('Could not load your mentions')),
      onNewMention: (row) => {
        if (inbox.isUnread(row)) this.deps.notify(row);
      },
      onStatus: (state, detail) => log.info(`mentions: ${state}${detail ? ` (${detail})` : ''}`),
      onError: (error, retryInMs) => {
        log.warn(`mentions: ${isApiError(error) ? error.message : String(error)}; retrying in ${Math.round(retryInMs / 1000)} s`);
        if (mine === this.generation) this.deps.pollFailed?.(error);
      },
      onUnauthorized: (error) => {
        void this.deps.expireSession().then(() => this.deps.showError(error, l10n.t('Could not watch your mentions')));
      },
    });
    this.feed = current;
    await current.ready;
  }
}
