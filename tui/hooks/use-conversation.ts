// A channel's top-level messages or a thread's root and replies: the newest window first, older
// pages on demand (scrolling up), and new messages live after the newest cursor on every cue, so a
// reconnect catches up without gaps.
import { useCallback, useEffect, useRef, useState } from 'react';
import { compareTimestamps, type Client, type Message } from '../../shared/index';
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

/**
 * The loaded messages, oldest first: one array grown in place, never copied. With 100,000 messages
 * a copy per loaded page (1,000 pages) allocated gigabytes over a full load, raised the peak RSS
 * past 290 MiB and stalled keys; now a page costs its own size. `version` changes with every edit
 * so React draws again (readers must not keep the array across renders expecting it unchanged).
 */
function useMessageList(): { messages: Message[]; edit(change: (list: Message[]) => void): void; reset(): void } {
  const list = useRef<Message[]>([]);
  const [, setVersion] = useState(0);
  const edit = useCallback((change: (list: Message[]) => void) => {
    change(list.current);
    setVersion((v) => v + 1);
  }, []);
  const reset = useCallback(() => {
    list.current = [];
    setVersion((v) => v + 1);
  }, []);
  return { messages: list.current, edit, reset };
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
  // `ids`: every message id shown, so a page is deduplicated without rebuilding a set of them all.
  const state = useRef({ oldest: null as string | null, newest: null as string | null, polling: false, again: false, alive: true, root: null as Message | null, ids: new Set<string>() });
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
          const page = await fetchPage(client, target, s.newest ? { limit: LIVE_PAGE, after: s.newest } : { limit: FIRST_PAGE });
          if (!s.alive) return;
          if (page.messages.length > 0) {
            const last = page.messages[page.messages.length - 1] as Message;
            s.newest = last.created_at;
            if (s.oldest === null) s.oldest = page.messages[0]?.created_at ?? null;
            const fresh = page.messages.filter((m) => !s.ids.has(m.id));
            for (const m of fresh) s.ids.add(m.id);
            if (fresh.length > 0) editMessages((list) => pushAll(list, fresh));
          }
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
    const s: typeof state.current = { oldest: null, newest: null, polling: false, again: false, alive: true, root: null, ids: new Set() };
    state.current = s;
    resetMessages();
    setLoading(true);
    setHasOlder(false);
    void (async () => {
      try {
        const page = await fetchPage(client, target, { limit: FIRST_PAGE });
        if (!s.alive) return;
        s.root = page.root ?? null;
        const list = page.root ? [page.root, ...page.messages] : page.messages;
        s.oldest = page.messages[0]?.created_at ?? null;
        s.newest = page.messages[page.messages.length - 1]?.created_at ?? page.root?.created_at ?? null;
        for (const m of list) s.ids.add(m.id);
        editMessages((shown) => {
          // A live poll may have added messages while this page was on its way: they stay after the page.
          const first = new Set(list.map((m) => m.id));
          const extra = shown.filter((m) => !first.has(m.id));
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
      off();
    };
  }, [client, live, key, refresh, editMessages, resetMessages]);

  const loadOlder = useCallback(async (): Promise<number> => {
    const s = state.current;
    if (s.oldest === null || loadingOlder) return 0;
    setLoadingOlder(true);
    try {
      const page = await fetchPage(client, target, { limit: OLDER_PAGE, before: s.oldest });
      if (!s.alive) return 0;
      const first = page.messages[0];
      if (first && compareTimestamps(first.created_at, s.oldest) < 0) s.oldest = first.created_at;
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
      setLoadingOlder(false);
    }
  }, [client, key, loadingOlder, editMessages]);

  const replaceMessage = useCallback((id: string, patch: Partial<Message>) => {
    editMessages((list) => {
      const i = list.findIndex((m) => m.id === id);
      const found = list[i];
      if (found) list[i] = { ...found, ...patch };
    });
  }, [editMessages]);

  return { messages, loading, hasOlder, loadingOlder, loadOlder, refresh, replaceMessage };
}
