// A channel's top-level messages or a thread's root and replies, as a window of pages: the newest
// page first, the page beyond either edge on demand (scrolling), the oldest or the newest page read
// directly (g, G), and new messages live after the newest cursor on every cue while the window is at
// the newest, so a reconnect catches up without gaps. What a page means (the window, cursors,
// dedupe) is tui/history/; this hook fetches and tells React when to draw.
import { useCallback, useEffect, useRef, useState } from 'react';
import { BEGINNING_CURSOR, cacheOf, compareTimestamps, cursorMoved, cursorStalled, type Client, type Message } from '../../shared/index';
import { ConversationPages, endpointOf, type ConversationTarget, type FetchedPage } from '../history/conversation-pages';
import type { ShownMark } from '../history/message-window';
import type { LiveBus } from '../live-bus';
import { storeOpening } from '../first-frame';

export type { ConversationTarget } from '../history/conversation-pages';

const FIRST_PAGE = 50;
/** A page read at the window's edge, or at the oldest end (g). */
const EDGE_PAGE = 100;
const LIVE_PAGE = 200;
/** New messages draw at most this often (a flood of them drew a frame per page). */
const DRAW_EVERY_MS = 120;

export interface Conversation {
  /** The window of messages held, oldest first. */
  messages: Message[];
  loading: boolean;
  /** Older messages than the window holds exist. */
  hasOlder: boolean;
  /** Newer messages than the window holds exist (the window is away from the newest). */
  hasNewer: boolean;
  /** A page at the window's edge or end is on its way. */
  paging: boolean;
  /** Reads the page before the window; resolves to how many messages were added at the top. */
  loadOlder(): Promise<number>;
  /** Reads the page after the window; resolves to how many messages were added at the bottom. */
  loadNewer(): Promise<number>;
  /** Moves the window to the conversation's oldest page; resolves to false when it could not be read. */
  loadOldest(): Promise<boolean>;
  /** Moves the window to the newest page (read again when the window is away from it). */
  loadNewest(): Promise<boolean>;
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

interface State {
  pages: ConversationPages;
  polling: boolean;
  again: boolean;
  alive: boolean;
  /** A page at the window's edge is on its way (one at a time). */
  paging: boolean;
  pagingOff: ReturnType<typeof setTimeout> | undefined;
  /** Counts jumps to an end (g, G): a page asked for before one no longer belongs to the window. */
  epoch: number;
  /** The page being read at an edge: a second ask for that edge waits for it. */
  edge: { dir: 'older' | 'newer'; done: Promise<number> } | null;
}

function freshState(target: ConversationTarget): State {
  return { pages: new ConversationPages(target), polling: false, again: false, alive: true, paging: false, pagingOff: undefined, epoch: 0, edge: null };
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

export function useConversation(client: Client, live: LiveBus, target: ConversationTarget, report: { ok(): void; error(e: unknown): void }): Conversation {
  const { draw } = useDraw();
  const [loading, setLoading] = useState(true);
  const [paging, setPaging] = useState(false);
  const state = useRef<State | null>(null);
  state.current ??= freshState(target);
  const reportRef = useRef(report);
  reportRef.current = report;
  const key = target.kind === 'channel' ? `c:${target.channelId}` : `t:${target.rootId}`;

  const refresh = useCallback(async () => {
    const s = state.current as State;
    if (s.pages.newest === null && s.pages.root === null && target.kind === 'thread') return;
    // Away from the newest the window waits: new messages are read when it gets there.
    if (s.pages.hasNewer) return;
    if (s.polling) {
      s.again = true;
      return;
    }
    s.polling = true;
    try {
      do {
        s.again = false;
        let more = true;
        while (more && s.alive && !s.pages.hasNewer) {
          const epoch = s.epoch;
          const asked = s.pages.newest;
          const page = await fetchPage(client, target, asked ? { limit: LIVE_PAGE, after: asked } : { limit: FIRST_PAGE });
          if (!s.alive || epoch !== s.epoch || asked !== s.pages.newest) break;
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
    // The offline cache's copy draws at once; the service's newest page then replaces it.
    let answered = false;
    // Still loading: what acts on the list once it is loaded (a pasted link's placement) waits for
    // the service's page, which may replace what was kept.
    const showKept = (): void => {
      const { kept, root } = keptOf(client, target);
      if (kept.length === 0 && root === null) return;
      s.pages.showKept(kept, root);
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
        // A jump (g) made while the first page was on its way keeps its window.
        if (s.epoch === 0) s.pages.first(page, between !== null);
        draw(true);
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
      clearTimeout(s.pagingOff);
      off();
    };
  }, [client, live, key, refresh, draw]);

  /**
   * Runs `load` (a page at an edge, or a jump to an end with `jump`) and draws what it changed; the
   * status line says a page is loading while it runs. Edge loads go one at a time; a jump starts a
   * new epoch, so a page asked for before it is dropped when it comes.
   */
  const pageLoad = useCallback(async <T,>(jump: boolean, none: T, load: (s: State, still: () => boolean) => Promise<T>): Promise<T> => {
    const s = state.current as State;
    if (!jump && s.paging) return none;
    if (jump) {
      s.epoch += 1;
      s.edge = null;
    }
    const epoch = s.epoch;
    const still = () => s.alive && s.epoch === epoch;
    s.paging = true;
    clearTimeout(s.pagingOff);
    setPaging(true);
    try {
      const result = await load(s, still);
      if (still()) {
        draw(true);
        reportRef.current.ok();
      }
      return still() ? result : none;
    } catch (error) {
      if (s.alive) reportRef.current.error(error);
      return none;
    } finally {
      if (s.epoch === epoch) {
        s.paging = false;
        // Said after a moment, so back-to-back loads do not flip the status line each time.
        s.pagingOff = setTimeout(() => s.alive && !s.paging && setPaging(false), DRAW_EVERY_MS);
      }
    }
  }, [draw]);

  /** Reads the page beyond one edge; asked again while it is on its way, the same read answers. */
  const edgeLoad = useCallback((dir: 'older' | 'newer', load: (s: State, still: () => boolean) => Promise<number>): Promise<number> => {
    const s = state.current as State;
    if (s.edge) return s.edge.dir === dir ? s.edge.done : Promise.resolve(0);
    const done = pageLoad(false, 0, load).finally(() => {
      if (s.edge?.done === done) s.edge = null;
    });
    s.edge = { dir, done };
    return done;
  }, [pageLoad]);

  const loadOlder = useCallback(
    () =>
      edgeLoad('older', async (s, still) => {
        const asked = s.pages.oldest;
        if (asked === null || !s.pages.hasOlder) return 0;
        const page = await fetchPage(client, target, { limit: EDGE_PAGE, before: asked });
        if (!still() || asked !== s.pages.oldest) return 0;
        return s.pages.older(page, asked).added;
      }),
    [client, key, edgeLoad],
  );

  const loadNewer = useCallback(
    () =>
      edgeLoad('newer', async (s, still) => {
        const asked = s.pages.newest;
        if (asked === null || !s.pages.hasNewer) return 0;
        const page = await fetchPage(client, target, { limit: EDGE_PAGE, after: asked });
        if (!still() || asked !== s.pages.newest) return 0;
        return s.pages.newer(page, asked).added;
      }),
    [client, key, edgeLoad],
  );

  const loadOldest = useCallback(
    () =>
      pageLoad(true, false, async (s, still) => {
        // The window already holds the first message: nothing to read.
        if (!s.pages.hasOlder && s.pages.oldest !== null) return true;
        const page = await fetchPage(client, target, { limit: EDGE_PAGE, after: BEGINNING_CURSOR });
        if (still()) s.pages.oldestPage(page);
        return true;
      }),
    [client, key, pageLoad],
  );

  const loadNewest = useCallback(
    () =>
      pageLoad(true, false, async (s, still) => {
        if (!s.pages.hasNewer) return true;
        const page = await fetchPage(client, target, { limit: FIRST_PAGE });
        if (still()) s.pages.newestPage(page);
        return true;
      }),
    [client, key, pageLoad],
  );

  const replaceMessage = useCallback(
    (id: string, patch: Partial<Message>) => {
      if ((state.current as State).pages.history.replace(id, patch)) draw(true);
    },
    [draw],
  );

  const mark = useCallback((index: number) => (state.current as State).pages.history.mark(index), []);
  const indexOfMark = useCallback((m: ShownMark) => (state.current as State).pages.history.indexOfMark(m), []);

  const pages = state.current.pages;
  return { messages: pages.history.shown, loading, hasOlder: pages.hasOlder, hasNewer: pages.hasNewer, paging, loadOlder, loadNewer, loadOldest, loadNewest, refresh, replaceMessage, mark, indexOfMark };
}
