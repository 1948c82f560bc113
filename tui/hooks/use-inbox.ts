// The account's attention inbox (shared InboxSession, opened the terminal's way, term/inbox.ts) for
// the UI: opened after the first frame (its SQLite loads lazily), refreshed on the live cues the
// doorbell and the feed bring, fed the mention feed's new rows, closed when the UI ends. An item
// that arrives while the terminal is not focused is announced as a desktop notification (or a
// bell, or nothing: the `notifications` setting); while focused the UI shows it and nothing rings.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { INBOX_SOURCE_LABELS, unreadCounts, type Client, type Identity, type InboxItem, type InboxSession, type MentionRow } from '../../shared/index';
import { terminalInboxSession } from '../../term/inbox';
import { notifyTerminal, type NotificationSetting } from '../../term/notify';
import { terminalFocus, type TerminalFocus } from '../input/focus-reports';
import type { LiveBus, LiveCue } from '../live-bus';
import { isOutboxSession, loadOutboxSession } from './use-outbox';

const loading = new WeakMap<Client, Promise<InboxSession | Error>>();
const ready = new WeakMap<Client, InboxSession | Error>();
const opened = new Set<InboxSession>();

/** The inbox of the signed-in account, opened once per client (the outbox first, so refused writes show), or the error that kept it closed. */
export function loadInboxSession(client: Client, me: Identity): Promise<InboxSession | Error> {
  let pending = loading.get(client);
  if (pending === undefined) {
    pending = (async () => {
      const outbox = await loadOutboxSession(client, me);
      const session = terminalInboxSession({ client, me, serviceUrl: client.baseUrl, mentionsFromFeed: true, ...(isOutboxSession(outbox) ? { outbox } : {}) });
      opened.add(session);
      await session.open();
      return session;
    })().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    void pending.then((s) => ready.set(client, s));
    loading.set(client, pending);
  }
  return pending;
}

/** Ends every inbox this UI opened (its interval and file follow stop; read/done stays in the file). */
export async function closeInboxSessions(): Promise<void> {
  const all = [...opened];
  opened.clear();
  await Promise.all(all.map((s) => s.close().catch(() => undefined)));
}

export function isInboxSession(value: InboxSession | Error | null): value is InboxSession {
  return value !== null && !(value instanceof Error);
}

/** When the sources were last read (ms), and whether the service could be reached then. */
export interface InboxRead {
  at: number;
  unreachable: boolean;
}

const reads = new WeakMap<InboxSession, InboxRead>();
const readListeners = new Set<() => void>();

/** Reads every source now (the session runs one read at a time) and remembers when. */
export async function refreshInbox(session: InboxSession): Promise<InboxRead> {
  const report = await session.refresh();
  const read = { at: Date.now(), unreachable: report.unreachable };
  reads.set(session, read);
  for (const listener of [...readListeners]) listener();
  return read;
}

const subscribeReads = (listener: () => void) => {
  readListeners.add(listener);
  return () => void readListeners.delete(listener);
};

/** The last read of the sources (null before the first). */
export function useInboxRead(session: InboxSession | Error | null): InboxRead | null {
  return useSyncExternalStore(subscribeReads, () => {
    if (!isInboxSession(session)) return null;
    // The newer of a read asked here and one the session's own interval made.
    const asked = reads.get(session);
    const own = session.lastLook();
    if (own !== undefined && (asked === undefined || own.at > asked.at)) {
      const read = { at: own.at, unreachable: own.unreachable };
      reads.set(session, read);
      return read;
    }
    return asked ?? null;
  });
}

/** The session once open (null until then; an Error when it could not open). */
export function useInboxSession(client: Client, me: Identity): InboxSession | Error | null {
  const [session, setSession] = useState<InboxSession | Error | null>(() => ready.get(client) ?? null);
  useEffect(() => {
    const known = ready.get(client);
    if (known !== undefined) {
      setSession(known);
      return;
    }
    let alive = true;
    // After the first frame: opening loads SQLite, which the first paint must not wait for.
    const timer = setTimeout(() => void loadInboxSession(client, me).then((s) => alive && setSession(s)), 0);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [client, me]);
  return session;
}

const NONE: readonly InboxItem[] = [];
const noSubscription = () => () => undefined;

/** Every item not done (the session's order: unread first, then newest), as React state. */
export function useInboxItems(session: InboxSession | Error | null): readonly InboxItem[] {
  const live = isInboxSession(session) ? session : null;
  const cache = useRef<{ session: InboxSession | null; version: number; items: readonly InboxItem[] }>({ session: null, version: -1, items: NONE });
  const version = useRef(0);
  const subscribe = useMemo(
    () =>
      live
        ? (listener: () => void) =>
            live.subscribe(() => {
              version.current += 1;
              listener();
            })
        : noSubscription,
    [live],
  );
  return useSyncExternalStore(subscribe, () => {
    if (!live) return NONE;
    const c = cache.current;
    if (c.session !== live || c.version !== version.current) cache.current = { session: live, version: version.current, items: live.items() };
    return cache.current.items;
  });
}

/** The wake cues after which the sources are read again (a mention comes with its row instead). */
const REFRESH_CUES: readonly LiveCue[] = ['wake', 'subscribed', 'reconnected', 'changed', 'posted'];

/** The notification for items that arrived together. */
export function arrivalNotice(items: readonly InboxItem[]): { title: string; body: string } | null {
  const first = items[0];
  if (first === undefined) return null;
  const more = items.length > 1 ? ` (and ${items.length - 1} more)` : '';
  return { title: `wsc · ${INBOX_SOURCE_LABELS[first.source]}`, body: `${first.title}${first.who ? ` — ${first.who}` : ''}${more}` };
}

export interface InboxOptions {
  client: Client;
  me: Identity;
  live: LiveBus;
  notifications: NotificationSetting;
  onError(error: unknown, doing?: string): void;
  focus?: TerminalFocus;
  notify?: (title: string, body: string) => void;
}

export interface InboxState {
  session: InboxSession | Error | null;
  unread: number;
  /** A row the live mention feed brought as new: into the inbox. */
  ingest(row: MentionRow): void;
}

/** The App's side: opens the inbox, keeps it fresh, announces arrivals while the terminal is not focused. */
export function useInbox(options: InboxOptions): InboxState {
  const { client, me, live } = options;
  const session = useInboxSession(client, me);
  const items = useInboxItems(session);
  const handlers = useRef(options);
  handlers.current = options;
  const failed = useRef<Error | null>(null);
  useEffect(() => {
    if (session instanceof Error && failed.current !== session) {
      failed.current = session;
      handlers.current.onError(new Error(`The inbox could not be opened (${session.message}). The rest of wsc works; quit and start wsc again to retry, or run \`wsc doctor\`.`), 'open the inbox');
    }
    if (!isInboxSession(session)) return;
    const focus = handlers.current.focus ?? terminalFocus;
    const stopArrive = session.onArrive((arrived) => {
      if (focus.focused) return;
      const notice = arrivalNotice(arrived);
      if (notice === null) return;
      const notify = handlers.current.notify ?? ((title: string, body: string) => notifyTerminal(handlers.current.notifications, title, body));
      notify(notice.title, notice.body);
    });
    const read = () => void refreshInbox(session).catch(() => undefined);
    const stopCues = live.subscribe((cue) => {
      if (REFRESH_CUES.includes(cue)) read();
    });
    // Reads now, then on the session's interval (skipped while another home on this machine has
    // just read the sources).
    session.start();
    return () => {
      stopArrive();
      stopCues();
    };
  }, [session, live]);
  const unread = useMemo(() => unreadCounts(items).total, [items]);
  return {
    session,
    unread,
    ingest: (row) => {
      void loadInboxSession(client, me).then((s) => (isInboxSession(s) ? s.ingestMentions([row]) : undefined)).catch(() => undefined);
    },
  };
}
