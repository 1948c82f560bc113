// A channel's top-level messages or a thread's root and replies: the newest window first, older
// pages on demand (scrolling up), and new messages live after the newest cursor on every cue, so a
// reconnect catches up without gaps.
import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGED_ENDPOINTS, cacheOf, compareTimestamps, cursorMoved, cursorStalled, type Client, type Message } from '../../shared/index';
import type { LiveBus } from '../live-bus';

export type ConversationTarget = { kind: 'channel'; channelId: string } | { kind: 'thread'; channelId: string; rootId: string };

const FIRST_PAGE = 50;
const OLDER_PAGE = 100;
const LIVE_PAGE = 200;

export interface Conversation {
  messages: Message[];
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Loads one older page; resolves to how many messages were added at the top. */
  loadOlder(): Promise<number>;
  /** Polls for new messages now. */
  refresh(): Promise<void>;
  replaceMessage(id: string, patch: Partial<Message>): void;
}

interface Page {
  messages: Message[];
  hasMore: boolean;
  cursor: string | null;
}

async function fetchPage(client: Client, target: ConversationTarget, q: { limit: number; before?: string; after?: string }): Promise<Page & { root?: Message }> {
  if (target.kind === 'channel') return client.messages(target.channelId, q);
  const t = await client.thread(target.rootId, q);
  return { messages: t.replies, hasMore: t.hasMore, cursor: t.cursor, root: t.root };
}

/** Edits of the list draw at most this often: a page every few ms during `g` drew as often. */
const DRAW_EVERY_MS = 120;

/**
 * The loaded messages, oldest first: one array grown in place, never copied. With 100,000 messages
 * a copy per loaded page (1,000 pages) allocated gigabytes over a full load, raised the peak RSS
 * past 290 MiB and stalled keys; now a page costs its own size. An edit asks React to draw again,
 * at once when the last draw it asked for is older than DRAW_EVERY_MS, else once at the end of
 * that interval: while `g` loads page after page, the screen follows ~8 times a second and keys
 * find Ink free instead of queued behind a frame per page. Any draw (a key's) shows the list as
 * it is, since the array is the same one.
 */
function useMessageList(): { messages: Message[]; edit(change: (list: Message[]) => void): void; reset(): void } {
  const list = useRef<Message[]>([]);
  const [, setVersion] = useState(0);
  const draws = useRef({ last: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });
  useEffect(() => () => clearTimeout(draws.current.timer), []);
  const draw = useCallback(() => {
    const d = draws.current;
    if (d.timer !== undefined) return;
    const wait = d.last + DRAW_EVERY_MS - Date.now();
    const now = (): void => {
      d.timer = undefined;
      d.last = Date.now();
      setVersion((v) => v + 1);
    };
    if (wait <= 0) now();
    else d.timer = setTimeout(now, wait);
  }, []);
  const edit = useCallback(
    (change: (list: Message[]) => void) => {
      change(list.current);
      draw();
    },
    [draw],
  );
  const reset = useCallback(() => {
    list.current = [];
    clearTimeout(draws.current.timer);
    draws.current.timer = undefined;
    draws.current.last = 0; // the next edit (the first page) draws at once
    setVersion((v) => v + 1);
  }, []);
  return { messages: list.current, edit, reset };
}

function freshState() {
  return {
    oldest: null as string | null,
    newest: null as string | null,
    polling: false,
    again: false,
    alive: true,
    root: null as Message | null,
    // `ids`: every message id shown, so a page is deduplicated without rebuilding a set of them all.
    ids: new Set<string>(),
    loadingOlder: false,
    loadingOlderOff: undefined as ReturnType<typeof setTimeout> | undefined,
  };
}

function endpointOf(target: ConversationTarget): string {
  return target.kind === 'channel' ? PAGED_ENDPOINTS.messages : PAGED_ENDPOINTS.thread;
}

/** Appends `items` in place (spread arguments would overflow the stack on very large pages). */
function pushAll(list: Message[], items: readonly Message[]): void {
  for (const m of items) list.push(m);
}

export function useConversation(client: Client, live: LiveBus, target: ConversationTarget, report: { ok(): void; error(e: unknown): void }): Conversation {
  const { messages, edit: editMessages, reset: resetMessages } = useMessageList();
  const [loading, setLoading] = useState(true);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const state = useRef(freshState());
  const reportRef = useRef(report);
  reportRef.current = report;
  const key = target.kind === 'channel' ? `c:${target.channelId}` : `t:${target.rootId}`;

  const refresh = useCallback(async () => {
    const s = state.current;
    if (s.newest === null && s.root === null && target.kind === 'thread') return;
    if (s.polling) {
      s.again = true;
      return;
    }
    s.polling = true;
    try {
      do {
        s.again = false;
        let more = true;
        while (more && s.alive) {
          const asked = s.newest;
          const page = await fetchPage(client, target, asked ? { limit: LIVE_PAGE, after: asked } : { limit: FIRST_PAGE });
          if (!s.alive) return;
          if (page.messages.length > 0) {
            const last = page.messages[page.messages.length - 1] as Message;
            s.newest = last.created_at;
            if (s.oldest === null) s.oldest = page.messages[0]?.created_at ?? null;
            const fresh = page.messages.filter((m) => !s.ids.has(m.id));
            for (const m of fresh) s.ids.add(m.id);
            if (fresh.length > 0) editMessages((list) => pushAll(list, fresh));
          }
          // The rows shown stay; a page that does not move the cursor would be asked for forever.
          if (page.hasMore && asked !== null && (s.newest === null || !cursorMoved(asked, s.newest, 'newer'))) throw cursorStalled(endpointOf(target), asked);
          more = page.hasMore && page.messages.length > 0 && s.newest !== null;
        }
        reportRef.current.ok();
      } while (s.again && s.alive);
    } catch (error) {
      if (s.alive) reportRef.current.error(error);
    } finally {
      s.polling = false;
    }
    // `target` is identified by `key`.
  }, [client, key, editMessages]);

  useEffect(() => {
    const s = freshState();
    state.current = s;
    resetMessages();
    setLoading(true);
    setHasOlder(false);
    // The offline cache's copy draws at once; the service's newest page then replaces it, keeping
    // the kept older messages only when they join the page without a gap.
    const kept = target.kind === 'channel' ? (cacheOf(client)?.messages({ channel: target.channelId })?.value ?? []) : [];
    if (kept.length > 0) {
      editMessages((shown) => pushAll(shown, kept));
      setLoading(false);
    }
    const keptIds = new Set(kept.map((m) => m.id));
    void (async () => {
      try {
        const page = await fetchPage(client, target, { limit: FIRST_PAGE });
        if (!s.alive) return;
        s.root = page.root ?? null;
        const pageOldest = page.messages[0]?.created_at;
        const newestKept = kept[kept.length - 1]?.created_at;
        const joins = pageOldest !== undefined && newestKept !== undefined && (!page.hasMore || compareTimestamps(newestKept, pageOldest) >= 0);
        const older = joins ? kept.filter((m) => compareTimestamps(m.created_at, pageOldest) < 0 && !page.messages.some((p) => p.id === m.id)) : [];
        const list = page.root ? [page.root, ...page.messages] : [...older, ...page.messages];
        s.oldest = older[0]?.created_at ?? page.messages[0]?.created_at ?? null;
        s.newest = page.messages[page.messages.length - 1]?.created_at ?? page.root?.created_at ?? null;
        for (const m of list) s.ids.add(m.id);
        editMessages((shown) => {
          // A live poll may have added messages while this page was on its way: they stay after the page.
          const first = new Set(list.map((m) => m.id));
          const extra = shown.filter((m) => !first.has(m.id) && !keptIds.has(m.id));
          shown.length = 0;
          pushAll(shown, list);
          pushAll(shown, extra);
        });
        setHasOlder(page.hasMore);
        reportRef.current.ok();
      } catch (error) {
        if (s.alive) reportRef.current.error(error);
      } finally {
        if (s.alive) setLoading(false);
      }
    })();
    const off = live.subscribe(() => void refresh());
    return () => {
      s.alive = false;
      clearTimeout(s.loadingOlderOff);
      off();
    };
  }, [client, live, key, refresh, editMessages, resetMessages]);

  const loadOlder = useCallback(async (): Promise<number> => {
    const s = state.current;
    if (s.oldest === null || s.loadingOlder) return 0;
    s.loadingOlder = true;
    clearTimeout(s.loadingOlderOff);
    setLoadingOlder(true);
    try {
      const asked = s.oldest;
      const page = await fetchPage(client, target, { limit: OLDER_PAGE, before: asked });
      if (!s.alive) return 0;
      const first = page.messages[0];
      if (first && compareTimestamps(first.created_at, s.oldest) < 0) s.oldest = first.created_at;
      if (page.hasMore && (first === undefined || s.oldest === asked)) {
        setHasOlder(false);
        throw cursorStalled(endpointOf(target), asked);
      }
      const fresh = page.messages.filter((m) => !s.ids.has(m.id));
      for (const m of fresh) s.ids.add(m.id);
      const added = fresh.length;
      if (added > 0) {
        // A thread keeps its root on top. splice moves the rest in place (no new array of them all).
        editMessages((list) => list.splice(s.root ? 1 : 0, 0, ...fresh));
      }
      setHasOlder(page.hasMore);
      reportRef.current.ok();
      return added;
    } catch (error) {
      reportRef.current.error(error);
      return 0;
    } finally {
      s.loadingOlder = false;
      // Said after a moment, so back-to-back pages (g) do not flip the status line each time.
      s.loadingOlderOff = setTimeout(() => s.alive && !s.loadingOlder && setLoadingOlder(false), DRAW_EVERY_MS);
    }
  }, [client, key, editMessages]);

  const replaceMessage = useCallback((id: string, patch: Partial<Message>) => {
    editMessages((list) => {
      const i = list.findIndex((m) => m.id === id);
      const found = list[i];
      if (found) list[i] = { ...found, ...patch };
    });
  }, [editMessages]);

  return { messages, loading, hasOlder, loadingOlder, loadOlder, refresh, replaceMessage };
}
