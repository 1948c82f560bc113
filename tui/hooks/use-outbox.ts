// The account's outbox session (shared/session, the same as VS Code's and the subcommands') for
// the views: opened once per connected client, its store loaded lazily (SQLite, which the first
// frame should not wait for); its waiting entries as state. Closed when the UI ends.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Client, Identity, OutboxEntry, OutboxSession } from '../../shared/index';
import { terminalOutboxSession } from '../../term/outbox';

const loading = new WeakMap<Client, Promise<OutboxSession | Error>>();
const ready = new WeakMap<Client, OutboxSession | Error>();
const opened = new Set<OutboxSession>();

/** The outbox of the signed-in account, or the error that kept it from opening. */
export function loadOutboxSession(client: Client, me: Identity): Promise<OutboxSession | Error> {
  let pending = loading.get(client);
  if (pending === undefined) {
    const session = terminalOutboxSession(client, { serviceUrl: client.baseUrl.replace(/\/+$/, ''), workspaceId: me.workspaceId, userId: me.userId });
    opened.add(session);
    // Opened (not only when a file exists): a write made before the store opens must not wait for it twice.
    pending = session
      .open()
      .then(() => session as OutboxSession | Error)
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    void pending.then((s) => ready.set(client, s));
    loading.set(client, pending);
  }
  return pending;
}

/** Ends every session this UI opened (sending stops; what waits stays for the next run). */
export async function closeOutboxSessions(): Promise<void> {
  const all = [...opened];
  opened.clear();
  await Promise.all(all.map((s) => s.close()));
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
