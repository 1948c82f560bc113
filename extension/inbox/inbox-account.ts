// The signed-in account's InboxSession: made on each sign-in (the newest wins), closed on
// sign-out and dispose. The session's code and its store (SQLite) are imported only when something
// first asks for the items, so activation stays cheap. Its effects come in as functions: vscode-free.
import type { Client, Identity, InboxOutbox, InboxSession, MentionRow } from '../../shared/index';

export interface InboxAccountPerson {
  readonly client: Client;
  readonly identity: Pick<Identity, 'userId' | 'name' | 'handle' | 'workspaceId'>;
}

export interface InboxAccountDeps {
  /** The account folders' root (the same as the outbox's and the terminal's). */
  readonly root: string;
  signedIn(): InboxAccountPerson | undefined;
  outbox(): InboxOutbox | undefined;
  /** Called with each new session (and undefined on sign-out) so the view can follow it. */
  onSession(session: InboxSession | undefined): void;
  onError(error: unknown): void;
  readonly refreshEveryMs?: number;
}

export async function openInboxStore(path: string) {
  const { InboxStore } = await import('../../shared/inbox-store');
  return InboxStore.open(path);
}

export class InboxAccount {
  #session: InboxSession | undefined;
  /** The open in flight, with the sign-in generation it is for (an older one never answers a newer sign-in). */
  #opening: { generation: number; promise: Promise<InboxSession | undefined> } | undefined;
  #generation = 0;

  constructor(private readonly deps: InboxAccountDeps) {}

  /** The current session, opened (store loaded) on first call after a sign-in. */
  session(): Promise<InboxSession | undefined> {
    if (this.#session) return Promise.resolve(this.#session);
    if (this.#opening?.generation === this.#generation) return this.#opening.promise;
    const opening = { generation: this.#generation, promise: this.#open() };
    this.#opening = opening;
    void opening.promise
      .finally(() => {
        if (this.#opening === opening) this.#opening = undefined;
      })
      .catch(() => undefined);
    return opening.promise;
  }

  /** The session if it is already open (no store loading). */
  current(): InboxSession | undefined {
    return this.#session;
  }

  /** The sign-in changed: the old session closes; a new one opens when asked. */
  async follow(): Promise<void> {
    this.#generation += 1;
    const old = this.#session;
    this.#session = undefined;
    this.deps.onSession(undefined);
    await old?.close().catch(() => undefined);
  }

  /** The doorbell rang (or the feed re-subscribed): read the sources now. */
  wake(): void {
    void this.#session?.refresh().catch((error: unknown) => this.deps.onError(error));
  }

  /** New rows of the live mention feed. */
  async ingestMentions(rows: readonly MentionRow[]): Promise<void> {
    const session = await this.session();
    await session?.ingestMentions(rows);
  }

  async close(): Promise<void> {
    await this.follow();
  }

  async #open(): Promise<InboxSession | undefined> {
    const mine = this.#generation;
    const person = this.deps.signedIn();
    if (!person) return undefined;
    const account = { serviceUrl: person.client.baseUrl.replace(/\/+$/, ''), workspaceId: person.identity.workspaceId, userId: person.identity.userId };
    const outbox = this.deps.outbox();
    const { InboxSession } = await import('./inbox-session-code');
    const session = new InboxSession({
      root: this.deps.root,
      account,
      me: person.identity,
      client: person.client,
      openStore: openInboxStore,
      mentionsFromFeed: true,
      ...(outbox ? { outbox } : {}),
      ...(this.deps.refreshEveryMs ? { refreshEveryMs: this.deps.refreshEveryMs } : {}),
    });
    try {
      await session.open();
    } catch (error) {
      await session.close().catch(() => undefined);
      throw error;
    }
    if (mine !== this.#generation) {
      await session.close().catch(() => undefined);
      return undefined;
    }
    this.#session = session;
    session.start();
    this.deps.onSession(session);
    return session;
  }
}
