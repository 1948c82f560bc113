// Everyone I can mention: the API has no people list, so it is the members of every channel I can
// read (one call for the channels, one per channel). That costs too much to ask on a keystroke, so the
// list is kept long and served stale while one refresh runs in the background.
import type { PeopleSource } from '../channels/people';
import type { Member } from '../contract';

export const PEOPLE_TTL_MS = 10 * 60_000;
/** How long a load that failed with no list to fall back on answers [] without asking again. */
export const PEOPLE_FAILURE_TTL_MS = 5_000;

export class PeopleDirectory {
  readonly #source: PeopleSource;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #list: Member[] | undefined;
  #loadedAt = 0;
  #failedAt: number | undefined;
  #loading: Promise<Member[]> | undefined;
  #cleared = false;
  /** Requests sent to the service (tests and benches read it). */
  requests = 0;

  constructor(source: PeopleSource, options: { ttlMs?: number; now?: () => number } = {}) {
    this.#source = source;
    this.#ttlMs = options.ttlMs ?? PEOPLE_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Every person and agent, once each, sorted by name. A fresh list answers at once; a stale one
   * answers at once too and starts a refresh (at most one runs); with no list yet, the one load.
   */
  people(): Promise<Member[]> {
    if (this.#cleared) return Promise.resolve([]);
    if (this.#list) {
      if (this.#now() - this.#loadedAt >= this.#ttlMs) void this.#refresh();
      return Promise.resolve(this.#list);
    }
    if (this.#loading) return this.#loading;
    if (this.#failedAt !== undefined && this.#now() - this.#failedAt < PEOPLE_FAILURE_TTL_MS) return Promise.resolve([]);
    return this.#refresh();
  }

  /** Loads the list in the background when none is held (after sign-in); never rejects. */
  async warm(): Promise<void> {
    await this.people();
  }

  /** Settles when no refresh is running (tests and benches wait for the background one). */
  async idle(): Promise<void> {
    while (this.#loading) await this.#loading;
  }

  /** Sign-out: forget the list; a refresh under way is not kept. */
  clear(): void {
    this.#cleared = true;
    this.#list = undefined;
  }

  #refresh(): Promise<Member[]> {
    if (this.#loading) return this.#loading;
    const loading = this.#load().then(
      (list) => {
        if (!this.#cleared) {
          this.#list = list;
          this.#loadedAt = this.#now();
          this.#failedAt = undefined;
        }
        return this.#cleared ? [] : list;
      },
      () => {
        // Keep serving the list held; with none, answer [] for a few seconds before asking again.
        this.#failedAt = this.#now();
        return this.#list ?? [];
      },
    );
    this.#loading = loading;
    void loading.finally(() => {
      if (this.#loading === loading) this.#loading = undefined;
    });
    return loading;
  }

  async #load(): Promise<Member[]> {
    this.requests += 1;
    const channels = (await this.#source.channels()).filter((c) => !c.archived);
    const lists = await Promise.all(
      channels.map((c) => {
        this.requests += 1;
        return this.#source.members(c.id).catch(() => [] as Member[]);
      }),
    );
    const seen = new Map<string, Member>();
    for (const m of lists.flat()) if (!seen.has(m.id)) seen.set(m.id, m);
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
