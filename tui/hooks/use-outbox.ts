// The session's outbox for the views: opened once per connected client, its waiting entries as state.
import { useSyncExternalStore } from 'react';
import type { Client, Identity, OutboxEntry } from '../../shared/index';
import { OutboxSession } from '../outbox-session';

const sessions = new WeakMap<Client, OutboxSession | Error>();

/** The outbox of the signed-in account, or the error that kept it from opening (said once by the caller). */
export function outboxSessionFor(client: Client, me: Identity): OutboxSession | Error {
  let session = sessions.get(client);
  if (session === undefined) {
    try {
      session = OutboxSession.open(client, me);
    } catch (error) {
      session = error instanceof Error ? error : new Error(String(error));
    }
    sessions.set(client, session);
  }
  return session;
}

const NONE: readonly OutboxEntry[] = [];
const noSubscription = () => () => undefined;

export function useOutboxEntries(session: OutboxSession | Error): readonly OutboxEntry[] {
  const live = session instanceof OutboxSession ? session : null;
  return useSyncExternalStore(
    live ? (l) => live.subscribe(l) : noSubscription,
    () => (live ? live.entries() : NONE),
  );
}
