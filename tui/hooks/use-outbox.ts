// The session's outbox for the views: opened once per connected client, loaded lazily (the store
// loads SQLite, which the first frame should not wait for); its waiting entries as state.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Client, Identity, OutboxEntry } from '../../shared/index';
import type { OutboxSession } from '../outbox-session';
import { loadOfflineStore } from '../../term/store-loading';

const loading = new WeakMap<Client, Promise<OutboxSession | Error>>();
const ready = new WeakMap<Client, OutboxSession | Error>();

/** The outbox of the signed-in account, or the error that kept it from opening. */
export function loadOutboxSession(client: Client, me: Identity): Promise<OutboxSession | Error> {
  let pending = loading.get(client);
  if (pending === undefined) {
    pending = loadOfflineStore(() => import('../outbox-session')).then(
      ({ OutboxSession: Session }) => Session.open(client, me),
    ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    void pending.then((session) => ready.set(client, session));
    loading.set(client, pending);
  }
  return pending;
}

export function isOutboxSession(value: OutboxSession | Error | null): value is OutboxSession {
  return value !== null && !(value instanceof Error);
}

/** The session once loaded (null until then; an Error when it could not open). */
export function useOutboxSession(client: Client, me: Identity): OutboxSession | Error | null {
  const [session, setSession] = useState<OutboxSession | Error | null>(() => ready.get(client) ?? null);
  useEffect(() => {
    if (session !== null) return;
    let alive = true;
    void loadOutboxSession(client, me).then((s) => alive && setSession(s));
    return () => {
      alive = false;
    };
  }, [client]);
  return session;
}

const NONE: readonly OutboxEntry[] = [];
const noSubscription = () => () => undefined;

export function useOutboxEntries(session: OutboxSession | Error | null): readonly OutboxEntry[] {
  const live = isOutboxSession(session) ? session : null;
  return useSyncExternalStore(
    live ? (l) => live.subscribe(l) : noSubscription,
    () => (live ? live.entries() : NONE),
  );
}
