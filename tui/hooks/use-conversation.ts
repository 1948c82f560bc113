// A channel's top-level messages or a thread's root and replies: the newest window first, older
// pages on demand (scrolling up, or all of them with `loadAll`), and new messages live after the
// newest cursor on every cue, so a reconnect catches up without gaps. What a page means (cursors,
// dedupe, indexing) is tui/history/; this hook fetches and tells React when to draw.
import { useCallback, useEffect, useRef, useState } from 'react';
import { cacheOf, compareTimestamps, cursorMoved, cursorStalled, systemClock, type Client, type Message } from '../../shared/index';
import { ConversationPages, endpointOf, type ConversationTarget, type FetchedPage } from '../history/conversation-pages';
import type { ShownMark } from '../history/message-history';
import type { LiveBus } from '../live-bus';
import { storeOpening } from '../first-frame';
import { duringBulkLoad } from '../heap-flags';
import { FULL_SPEED, type LoadPace } from '../history/load-pace';

export type { ConversationTarget } from '../history/conversation-pages';

const FIRST_PAGE = 50;
const OLDER_PAGE = 100;
/** Pages of `loadAll`: the largest the API gives (half the requests of OLDER_PAGE). */
const ALL_PAGE = 200;
const LIVE_PAGE = 200;
/** Indexing runs in slices this long, with I/O (keys) let through between them. */
const INDEX_SLICE_MS = 4;
/** While `loadAll` runs the list is drawn again this often: each draw costs a frame a key may wait behind. */
const PUBLISH_EVERY_MS = 2_000;
/** New messages draw at most this often (a flood of them drew a frame per page). */
const DRAW_EVERY_MS = 120;

export interface Conversation {
  messages: Message[];
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Loads one older page; resolves to how many messages were added at the top. */
  loadOlder(): Promise<number>;
  /** Loads every older page; resolves to how many messages were added at the top. */
  loadAll(): Promise<number>;
  /** Polls for new messages now. */
  refresh(): Promise<void>;
  replaceMessage(id: string, patch: Partial<Message>): void;
  /** Marks a message by its index in `messages`, a mark that stays on it when older pages are shown above. */
  mark(index: number): ShownMark;
  /** The index in `messages` of a marked message now. */
  indexOfMark(mark: ShownMark): number;
}

async function fetchPage(client: Client, target: ConversationTarget, q: { limit: number; before?: string; after?: string }): Promise<FetchedPage> {
  if (target.kind === 'channel') return client.messages(target.channelId, q);
  const t = await client.thread(target.rootId, q);
  return { messages: t.replies, hasMore: t.hasMore, root: t.root };
}

/** What the offline cache kept of a conversation: a channel's messages, or a thread's root and replies. */
function keptOf(client: Client, target: ConversationTarget): { kept: Message[]; root: Message | null } {
  try {
    const cache = cacheOf(client);
    if (!cache) return { kept: [], root: null };
    if (target.kind === 'channel') return { kept: cache.messages({ channel: target.channelId })?.value ?? [], root: null };
    const all = cache.messages({ thread: target.rootId })?.value ?? [];
    return { kept: all.filter((m) => m.id !== target.rootId), root: all.find((m) => m.id === target.rootId) ?? null };
  } catch {
    // A busy or closed cache: the service's page comes as without one.
    return { kept: [], root: null };
  }
}

/** Kept messages caught up this far at most; past it the newest page alone is shown, with older ones a scroll away. */
const CATCH_UP_LIMIT = 1_000;

/**
 * The messages after `after` up to the newest page (read forward a page at a time, each once), so
 * what the cache kept and the newest page show as one history; null when more than CATCH_UP_LIMIT.
 */
async function readBetween(client: Client, target: ConversationTarget, after: string, newest: FetchedPage): Promise<Message[] | null> {
  const until = newest.messages[0]?.created_at as string;
  const found: Message[] = [];
  let asked = after;
  while (found.length < CATCH_UP_LIMIT) {
    const page = await fetchPage(client, target, { limit: LIVE_PAGE, after: asked });
    const before = page.messages.filter((m) => compareTimestamps(m.created_at, until) < 0);
    found.push(...before);
    const last = page.messages[page.messages.length - 1]?.created_at;
    if (before.length < page.messages.length || !page.hasMore || last === undefined) return found;
    if (!cursorMoved(asked, last, 'newer')) throw cursorStalled(endpointOf(target), asked);
    asked = last;
  }
  return null;
}

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

interface State {
  pages: ConversationPages;
  polling: boolean;
  again: boolean;
  alive: boolean;
  loadingOlder: boolean;
  loadingOlderOff: ReturnType<typeof setTimeout> | undefined;
  /** The running indexing loop, if any. */
  indexing: Promise<void> | null;
}

function freshState(target: ConversationTarget): State {
  return { pages: new ConversationPages(target), polling: false, again: false, alive: true, loadingOlder: false, loadingOlderOff: undefined, indexing: null };
}

/** Indexes every queued older page, a slice at a time; one loop per state however many callers wait. */
function indexQueued(s: State): Promise<void> {
  if (s.indexing) return s.indexing;
  if (s.pages.history.index(INDEX_SLICE_MS)) return Promise.resolve();
  const run = (async () => {
    do await yieldToIo();
    while (s.alive && !s.pages.history.index(INDEX_SLICE_MS));
  })();
  s.indexing = run.finally(() => {
    s.indexing = null;
  });
  return s.indexing;
}

/** Asks React to draw again: `now`, or at most every DRAW_EVERY_MS (at once when the last draw is older). */
function useDraw(): { draw(now?: boolean): void } {
  const [, setVersion] = useState(0);
  const draws = useRef({ last: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });
  useEffect(() => () => clearTimeout(draws.current.timer), []);
  const draw = useCallback((now = false) => {
    const d = draws.current;
    const go = (): void => {
      clearTimeout(d.timer);
      d.timer = undefined;
      d.last = Date.now();
      setVersion((v) => v + 1);
    };
    if (now) return go();
    if (d.timer !== undefined) return;
    const wait = d.last + DRAW_EVERY_MS - Date.now();
    if (wait <= 0) go();
    else d.timer = setTimeout(go, wait);
  }, []);
  return { draw };
}

/** `pace`: how loading every older page gives way to typing (history/load-pace.ts). */
export function useConversation(client: Client, live: LiveBus, target: ConversationTarget, report: { ok(): void; error(e: unknown): void }, pace: LoadPace = FULL_SPEED): Conversation {
  const { draw } = useDraw();
  const [loading, setLoading] = useState(true);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const state = useRef<State | null>(null);
  state.current ??= freshState(target);
  const reportRef = useRef(report);
  reportRef.current = report;
  const paceRef = useRef(pace);
  paceRef.current = pace;
  const key = target.kind === 'channel' ? `c:${target.channelId}` : `t:${target.rootId}`;

  const refresh = useCallback(async () => {
    const s = state.current as State;
    if (s.pages.newest === null && s.pages.root === null && target.kind === 'thread') return;
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
          const asked = s.pages.newest;
          const page = await fetchPage(client, target, asked ? { limit: LIVE_PAGE, after: asked } : { limit: FIRST_PAGE });
          if (!s.alive) return;
          const r = s.pages.newer(page, asked);
          if (r.added > 0) draw();
          more = r.more;
        }
        reportRef.current.ok();
      } while (s.again && s.alive);
    } catch (error) {
      if (s.alive) reportRef.current.error(error);
    } finally {
      s.polling = false;
    }
    // `target` is identified by `key`.
  }, [client, key, draw]);

  useEffect(() => {
    const s = freshState(target);
    state.current = s;
    draw(true);
    setLoading(true);
    setHasOlder(false);
    // The offline cache's copy draws at once; the service's newest page then replaces it.
    let answered = false;
    // Still loading: what acts on the list once it is loaded (a pasted link's placement) waits for
    // the service's page, which may replace what was kept.
    const showKept = (): void => {
      const { kept, root } = keptOf(client, target);
      if (kept.length === 0 && root === null) return;
      s.pages.showKept(kept, root);
      setHasOlder(kept.length > 0);
      draw(true);
    };
    // Opened in the moment between the saved first frame and the store: what it kept shows once it is open.
    if (cacheOf(client) === undefined) void storeOpening()?.then(() => s.alive && !answered && s.pages.newest === null && showKept());
    else showKept();
    void (async () => {
      try {
        let page = await fetchPage(client, target, { limit: FIRST_PAGE });
        if (!s.alive) return;
        const gapAfter = s.pages.keptGapBefore(page);
        const between = gapAfter === null ? null : await readBetween(client, target, gapAfter, page);
        if (!s.alive) return;
        if (between) page = { ...page, messages: [...between, ...page.messages] };
        answered = true;
        s.pages.first(page, between !== null);
        draw(true);
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
  }, [client, live, key, refresh, draw]);

  /** Runs `load` as the one older-page load of this state; the status line says so while it runs. */
  const olderLoad = useCallback(async (load: (s: State) => Promise<number>): Promise<number> => {
    const s = state.current as State;
    if (s.pages.oldest === null || s.loadingOlder) return 0;
    s.loadingOlder = true;
    clearTimeout(s.loadingOlderOff);
    setLoadingOlder(true);
    try {
      const added = await load(s);
      if (s.alive) reportRef.current.ok();
      return added;
    } catch (error) {
      if (s.alive) reportRef.current.error(error);
      return 0;
    } finally {
      s.loadingOlder = false;
      // Said after a moment, so back-to-back loads do not flip the status line each time.
      s.loadingOlderOff = setTimeout(() => s.alive && !s.loadingOlder && setLoadingOlder(false), DRAW_EVERY_MS);
    }
  }, []);

  /** Fetches the page before the oldest loaded and queues it for indexing; false when there is none older. */
  const fetchOlder = useCallback(
    async (s: State, limit: number): Promise<boolean> => {
      const asked = s.pages.oldest as string;
      const page = await fetchPage(client, target, { limit, before: asked });
      if (!s.alive) return false;
      try {
        return s.pages.older(page, asked).hasMore;
      } catch (error) {
        setHasOlder(false);
        throw error;
      }
    },
    [client, key],
  );

  const loadOlder = useCallback(
    () =>
      olderLoad(async (s) => {
        const more = await fetchOlder(s, OLDER_PAGE);
        await indexQueued(s);
        if (!s.alive) return 0;
        const added = s.pages.history.publish();
        if (added > 0) draw(true);
        setHasOlder(more);
        return added;
      }),
    [olderLoad, fetchOlder, draw],
  );

  const loadAll = useCallback(
    () =>
      olderLoad((s) => duringBulkLoad(async () => {
        let added = 0;
        let published = Date.now();
        let more = true;
        let failed = true;
        paceRef.current.begin();
        try {
          while (more && s.alive) {
            const asked = performance.now();
            more = await fetchOlder(s, ALL_PAGE);
            // Indexed while the next page is on its way.
            void indexQueued(s);
            const pause = paceRef.current.pauseAfter(performance.now() - asked);
            if (pause > 0 && more) await systemClock.sleep(pause);
            if (Date.now() - published >= PUBLISH_EVERY_MS && paceRef.current.mayPublish()) {
              await indexQueued(s);
              added += s.pages.history.publish();
              published = Date.now();
              draw(true);
            }
          }
          failed = false;
        } finally {
          // What came before a failure is shown too.
          await indexQueued(s);
          if (s.alive) {
            added += s.pages.history.publish();
            draw(true);
            if (!failed) setHasOlder(more);
          }
        }
        return added;
      })),
    [olderLoad, fetchOlder, draw],
  );

  const replaceMessage = useCallback(
    (id: string, patch: Partial<Message>) => {
      if ((state.current as State).pages.history.replace(id, patch)) draw(true);
    },
    [draw],
  );

  const mark = useCallback((index: number) => (state.current as State).pages.history.mark(index), []);
  const indexOfMark = useCallback((m: ShownMark) => (state.current as State).pages.history.indexOfMark(m), []);

  return { messages: state.current.pages.history.shown, loading, hasOlder, loadingOlder, loadOlder, loadAll, refresh, replaceMessage, mark, indexOfMark };
}
