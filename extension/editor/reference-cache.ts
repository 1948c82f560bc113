/**
 * What hovers, links and completion show, read once and kept for a short while: tasks (with the
 * names of their assignee and epic and the state of their linked pull request), people, message
 * previews and the task list for completion; people come from the shared PeopleDirectory, kept much
 * longer and served stale while it refreshes (the API has no people list: it costs a call per
 * channel), warmed after sign-in. One instance per account (the editor feature makes a
 * new one on every sign-in and clears it on sign-out), so nothing read for one person is shown to
 * another. Concurrent asks for the same key share one request. A ref the service does not know
 * (or will not show) is remembered as null for the same while: no request per hover or keystroke.
 * vscode-free.
 */
import {
  authorLabel,
  isApiError,
  OPEN_TASK_STATUSES,
  PeopleDirectory,
  readTask,
  type Channel,
  type Link,
  type LinkState,
  type Member,
  type MessageLinkResult,
  type Task,
  type TaskActionReader,
  type TaskRow,
  type TasksQuery,
} from '../../shared/index';

/** The calls the cache makes (a signed-in `Client` is one). */
export interface ReferenceSource extends TaskActionReader {
  tasks(q?: TasksQuery): Promise<TaskRow[]>;
  channels(): Promise<Channel[]>;
  members(channelId: string): Promise<Member[]>;
  links(channelId: string): Promise<Link[]>;
  messageLink(url: string): Promise<MessageLinkResult>;
}

export interface PullRequestState {
  url: string;
  number: number | null;
  state: LinkState | null;
  updatedAt: string;
}

/** A task with what a card shows beside it. */
export interface TaskCardData {
  task: Task;
  /** "Dan Developer (@dan)", "Helper [agent]"; null when unassigned or not known. */
  assignee: string | null;
  /** "T-1 Search revamp"; null when none or unreadable. */
  epic: string | null;
  /** The linked PR's latest stored state from the channel's links, when the service gives it. */
  pullRequest: PullRequestState | null;
}

export interface MessagePreview {
  url: string;
  author: string;
  authorKind: 'person' | 'agent';
  channelId: string;
  channelName: string;
  body: string;
  createdAt: string;
}

export interface CompletionTasks {
  /** My open tasks, newest change first. */
  mine: TaskRow[];
  /** Recently changed tasks (mine left out), newest first. */
  recent: TaskRow[];
}

interface Entry<T> {
  value: Promise<T>;
  /** Shortened when the load fails for a reason that may pass. */
  expires: number;
}

export const REFERENCE_TTL_MS = 45_000;
/** How long a failed read (network, 5xx, 429) is remembered. */
export const FAILURE_TTL_MS = 5_000;
const RECENT_TASKS = 200;
/** Rows a completion search asks for: completion shows at most 50 (completion-entries.ts). */
const COMPLETION_SEARCH = 50;

export class ReferenceCache {
  readonly #source: ReferenceSource;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #me: string | undefined;
  readonly #entries = new Map<string, Entry<unknown>>();
  readonly #people: PeopleDirectory;
  #cleared = false;
  #requests = 0;

  /**
   * `me`: the signed-in person's id, so that completion needs one task list instead of two.
   * `peopleTtlMs`: how long the people list is fresh (PEOPLE_TTL_MS by default).
   */
  constructor(source: ReferenceSource, options: { ttlMs?: number; peopleTtlMs?: number; now?: () => number; me?: string } = {}) {
    this.#source = source;
    this.#me = options.me;
    this.#ttlMs = options.ttlMs ?? REFERENCE_TTL_MS;
    this.#now = options.now ?? Date.now;
    this.#people = new PeopleDirectory(source, { ttlMs: options.peopleTtlMs, now: this.#now });
  }

  /** Requests sent to the service, the people list's included (benches and tests read it). */
  get requests(): number {
    return this.#requests + this.#people.requests;
  }

  /** The task with names and PR state; null when the ref is unknown or cannot be read. */
  task(ref: string): Promise<TaskCardData | null> {
    return this.#remember(`card:${ref.toUpperCase()}`, async () => {
      const task = await this.#rawTask(ref);
      if (!task) return null;
      const assigneeId = task.assignee_user_id ?? task.assignee_agent_id;
      const [people, epic, pullRequest] = await Promise.all([
        assigneeId ? this.people() : Promise.resolve([]),
        task.epic_id ? this.#rawTask(task.epic_id) : Promise.resolve(null),
        this.#pullRequestState(task),
      ]);
      const person = assigneeId ? people.find((p) => p.id === assigneeId) : undefined;
      return {
        task,
        assignee: person ? authorLabel(person, { withHandle: true }) : null,
        epic: epic ? `${epic.ref} ${epic.title}` : null,
        pullRequest,
      };
    });
  }

  /** Whether a task card is already held (fresh), so a hover can answer without waiting. */
  hasTask(ref: string): boolean {
    return this.#fresh(`card:${ref.toUpperCase()}`) !== undefined;
  }

  /** Every person and agent in the channels I can read, once each, sorted by name (stale while it refreshes). */
  people(): Promise<Member[]> {
    return this.#people.people();
  }

  /** Loads the people list in the background, so the first @ completes without asking (after sign-in). */
  warmPeople(): Promise<void> {
    return this.#people.warm();
  }

  /** Settles when no people refresh is running. */
  peopleIdle(): Promise<void> {
    return this.#people.idle();
  }

  async person(handle: string): Promise<Member | null> {
    const wanted = handle.toLowerCase();
    return (await this.people()).find((p) => p.handle.toLowerCase() === wanted) ?? null;
  }

  channels(): Promise<Channel[]> {
    return this.#remember('channels', () => this.#count(() => this.#source.channels()), []);
  }

  /** A message link's author, channel and text; null when it names no message I can read. */
  message(url: string): Promise<MessagePreview | null> {
    return this.#remember(`message:${url}`, async () => {
      const found = await this.#count(() => this.#source.messageLink(url));
      const message = found.message ?? found.root;
      if (!message) return null;
      return {
        url,
        author: message.author.name,
        authorKind: message.author.kind,
        channelId: found.channel.id,
        channelName: found.channel.name,
        body: message.body,
        createdAt: message.created_at,
      };
    });
  }

  /** Tasks for completion: my open ones first, then the recently changed. */
  completionTasks(): Promise<CompletionTasks> {
    return this.#remember('completion-tasks', async () => {
      const me = this.#me;
      const recent = await this.#count(() => this.#source.tasks({ limit: RECENT_TASKS }));
      const mine = me ? recent.filter((t) => t.assignee_user_id === me && t.kind === 'task') : await this.#count(() => this.#source.tasks({ assignee: 'me', kind: 'task', limit: RECENT_TASKS }));
      const byNewest = (a: TaskRow, b: TaskRow) => b.updated_at.localeCompare(a.updated_at);
      const open = mine.filter((t) => OPEN_TASK_STATUSES.includes(t.status)).sort(byNewest);
      const mineIds = new Set(open.map((t) => t.id));
      return { mine: open, recent: recent.filter((t) => !mineIds.has(t.id)).sort(byNewest) };
    }, { mine: [], recent: [] });
  }

  /**
   * Tasks for what is typed after `T-`/`#`, beyond the kept lists (which hold one page of a big
   * workspace): the task of exactly that number for digits (T-19999), a text search of titles and
   * descriptions for words (two characters or more). Each typed text is asked once per TTL.
   */
  completionMatches(typed: string): Promise<TaskRow[]> {
    const q = typed.trim();
    if (/^\d+$/.test(q)) {
      return this.#remember(`complete-ref:${q}`, async () => {
        const task = await this.#rawTask(`T-${q}`);
        return task ? [task] : [];
      }, []);
    }
    if (q.length < 2) return Promise.resolve([]);
    return this.#remember(`complete-text:${q.toLowerCase()}`, () => this.#count(() => this.#source.tasks({ q, limit: COMPLETION_SEARCH })), []);
  }

  /** Forget one task (after an edit made here) or everything. */
  forget(ref?: string): void {
    if (ref === undefined) this.#entries.clear();
    else {
      this.#entries.delete(`card:${ref.toUpperCase()}`);
      this.#entries.delete(`task:${ref.toUpperCase()}`);
      this.#entries.delete('completion-tasks');
      // Its pull request's state lives in its channel's links.
      for (const key of [...this.#entries.keys()]) if (key.startsWith('links:')) this.#entries.delete(key);
    }
  }

  /** Sign-out: drop everything; answers already under way are not kept. */
  clear(): void {
    this.#cleared = true;
    this.#entries.clear();
    this.#people.clear();
  }

  get cleared(): boolean {
    return this.#cleared;
  }

  async #rawTask(idOrRef: string): Promise<Task | null> {
    return this.#remember<Task | null>(`task:${idOrRef.toUpperCase()}`, async () => this.#count(() => readTask(this.#source, idOrRef)));
  }

  async #pullRequestState(task: Task): Promise<PullRequestState | null> {
    if (!task.pr_url) return null;
    if (!task.channel_id) return { url: task.pr_url, number: task.pr_number, state: null, updatedAt: task.updated_at };
    const channelId = task.channel_id;
    const links = await this.#remember(`links:${channelId}`, () => this.#count(() => this.#source.links(channelId)), []);
    const link = (links ?? []).find((l) => l.kind === 'pull_request' && (l.url === task.pr_url || (l.number !== null && l.number === task.pr_number && l.repo_full_name === task.repo_full_name)));
    return { url: task.pr_url, number: task.pr_number ?? link?.number ?? null, state: link?.state ?? null, updatedAt: link?.updated_at ?? task.updated_at };
  }

  #fresh(key: string): Entry<unknown> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * The value under `key`, loading it once. A failed load answers `fallback` (null unless given)
   * and is kept for the same while, so an unknown ref or a refused read is asked once per TTL.
   */
  #remember<T>(key: string, load: () => Promise<T>, fallback?: T): Promise<T> {
    if (this.#cleared) return Promise.resolve((fallback ?? null) as T);
    const held = this.#fresh(key);
    if (held) return held.value as Promise<T>;
    const entry: Entry<T> = { value: Promise.resolve(fallback ?? null) as Promise<T>, expires: this.#now() + this.#ttlMs };
    entry.value = load().catch((error: unknown) => {
      // The service's answer (not found, not allowed) holds for the TTL; a network failure or an
      // overloaded service is asked again soon.
      const status = isApiError(error) ? error.status : 0;
      if (status === 0 || status === 429 || status >= 500) entry.expires = Math.min(entry.expires, this.#now() + FAILURE_TTL_MS);
      return (fallback ?? null) as T;
    });
    this.#entries.set(key, entry);
    return entry.value;
  }

  #count<T>(call: () => Promise<T>): Promise<T> {
    this.#requests += 1;
    return call();
  }
}

/** Waits for `value` unless `cancelled` says stop first (then undefined); the shared load goes on for the next asker. */
export function unlessCancelled<T>(value: Promise<T>, onCancel: (listener: () => void) => { dispose(): void }, isCancelled: () => boolean): Promise<T | undefined> {
  if (isCancelled()) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve) => {
    const subscription = onCancel(() => resolve(undefined));
    value.then(
      (v) => {
        subscription.dispose();
        resolve(v);
      },
      () => {
        subscription.dispose();
        resolve(undefined);
      },
    );
  });
}
