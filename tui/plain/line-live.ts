// The line mode's live side, from the same shared pieces the full-screen UI runs: the account's
// outbox session (the one send policy), its inbox session, and the inbox feed (the newest mentions,
// then the mention feed with the account's one mention cursor, and the waker's cues: doorbell or
// interval). What arrives is handed to the face as events; the face only says it.
import {
  accountMentionCursor,
  isApiError,
  MentionInbox,
  startInboxFeed,
  terminalOfflineRoot,
  type Client,
  type Identity,
  type InboxItem,
  type InboxSession,
  type LiveCue,
  type MentionRow,
  type OutboxEntry,
  type OutboxError,
  type OutboxSession,
} from '../../shared/index';
import { terminalInboxSession } from '../../term/inbox';
import { terminalOutboxSession } from '../../term/outbox';

export const LIVE_INTERVAL_MS = 5_000;

export interface LineLiveEvents {
  /** A wake, a (re)subscription, the interval: read what is shown again after its newest. */
  cue(cue: LiveCue): void;
  /** A mention or DM the feed brought as new. */
  mention(row: MentionRow): void;
  /** Inbox items that arrived (not mentions: those come as `mention`). */
  arrived(items: readonly InboxItem[]): void;
  /** The feed lost the service (true) or has it again (false). */
  reconnecting(now: boolean): void;
  /** The service refused the token: nothing more runs. */
  unauthorized(error: unknown): void;
  /** Something could not be done, and what was being done. */
  failed(error: unknown, doing: string): void;
  /** The service refused a write waiting in the outbox. */
  refused(entry: OutboxEntry, said: OutboxError): void;
  /** A write waiting in the outbox was sent. */
  sent(entry: OutboxEntry): void;
}

export interface LineLive {
  readonly mentions: MentionInbox;
  /** The outbox, opened once (an Error when it could not be). */
  outbox(): Promise<OutboxSession | Error>;
  /** The inbox, opened once (an Error when it could not be). */
  inbox(): Promise<InboxSession | Error>;
  stop(): Promise<void>;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function startLineLive(options: { client: Client; me: Identity; doorbell?: boolean; events: LineLiveEvents }): LineLive {
  const { client, me, events } = options;
  const account = { serviceUrl: client.baseUrl.replace(/\/+$/, ''), workspaceId: me.workspaceId, userId: me.userId };
  const outboxSession = terminalOutboxSession(client, account);
  const offOutbox = outboxSession.on({ refused: (entry, said) => events.refused(entry, said), sent: (entry) => events.sent(entry) });
  const outbox = outboxSession.open().then(
    () => outboxSession as OutboxSession | Error,
    (error: unknown) => asError(error),
  );
  let offArrive = (): void => undefined;
  const inbox = outbox.then(async (opened): Promise<InboxSession | Error> => {
    try {
      const session = terminalInboxSession({ client, me, serviceUrl: client.baseUrl, mentionsFromFeed: true, ...(opened instanceof Error ? {} : { outbox: opened }) });
      await session.open();
      offArrive = session.onArrive((items) => {
        const others = items.filter((i) => i.source !== 'mention' && i.source !== 'dm');
        if (others.length > 0) events.arrived(others);
      });
      session.start();
      return session;
    } catch (error) {
      return asError(error);
    }
  });
  const mentions = new MentionInbox();
  let lost = false;
  const feed = startInboxFeed({
    client,
    // The account's one mention cursor, shared with the full-screen UI, `wsc mentions` and VS Code.
    cursorStore: accountMentionCursor(terminalOfflineRoot(), account),
    inbox: mentions,
    ...(options.doorbell === undefined ? {} : { doorbell: options.doorbell }),
    intervalMs: LIVE_INTERVAL_MS,
    onCue: (cue) => {
      events.cue(cue);
      if (cue === 'wake' || cue === 'subscribed' || cue === 'interval') void inbox.then((s) => (s instanceof Error ? undefined : s.refresh().catch(() => undefined)));
    },
    onNewMention: (row) => {
      events.mention(row);
      void inbox.then((s) => (s instanceof Error ? undefined : s.ingestMentions([row]).catch(() => undefined)));
    },
    onStatus: (state) => {
      const now = state === 'reconnecting';
      if (now === lost) return;
      lost = now;
      events.reconnecting(now);
    },
    onSeedError: (error) => events.failed(error, 'read your mentions'),
    onError: (error) => {
      if (isApiError(error) && error.code === 'unexpected_response') events.failed(error, 'read your mentions');
    },
    onUnauthorized: (error) => events.unauthorized(error),
  });
  return {
    mentions,
    outbox: () => outbox,
    inbox: () => inbox,
    async stop() {
      offOutbox();
      offArrive();
      await feed.stop();
      await Promise.all([
        inbox.then((s) => (s instanceof Error ? undefined : s.close().catch(() => undefined))),
        // Sending stops; what waits stays for the next run.
        outboxSession.close().catch(() => undefined),
      ]);
    },
  };
}
