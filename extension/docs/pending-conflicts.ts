/**
 * Conflicts the person has not resolved yet, persisted (VS Code globalState) so that a reload or a
 * crash while one is open loses nothing: the record holds the person's text, the version they
 * edited and the version someone else saved. A record is removed only when a save of the chosen
 * text succeeds or the person deliberately discards their text.
 */
import type { BaseVersion } from './base-versions';

/** The part of vscode.Memento this store needs (tests pass an in-memory one). */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export type PendingConflictKind = 'merged_clean' | 'conflict';

export interface PendingConflict {
  docId: string;
  title: string;
  kind: PendingConflictKind;
  /** The person's text, exactly as typed. */
  mine: string;
  /** The version the person started from. */
  base: BaseVersion;
  /** The version someone else saved meanwhile. */
  theirs: BaseVersion;
  /** The clean merge, or the merge with git-style conflict markers (mine first). */
  merged: string;
  /** When the conflict was recorded (ISO). */
  at: string;
}

export const PENDING_CONFLICTS_KEY = 'wsc.docs.pendingConflicts';

function isVersion(v: unknown): v is BaseVersion {
  return typeof v === 'object' && v !== null && typeof (v as BaseVersion).body === 'string' && typeof (v as BaseVersion).updated_at === 'string';
}

function isPendingConflict(v: unknown): v is PendingConflict {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Partial<PendingConflict>;
  return (
    typeof p.docId === 'string' &&
    typeof p.title === 'string' &&
    (p.kind === 'merged_clean' || p.kind === 'conflict') &&
    typeof p.mine === 'string' &&
    isVersion(p.base) &&
    isVersion(p.theirs) &&
    typeof p.merged === 'string' &&
    typeof p.at === 'string'
  );
}

export class PendingConflicts {
  readonly #store: KeyValueStore;
  // Writes are chained so two quick updates never overwrite each other with a stale list.
  #writes: Promise<void> = Promise.resolve();

  constructor(store: KeyValueStore) {
    this.#store = store;
  }

  /** Every well-formed record, oldest first; a damaged entry is skipped, never thrown. */
  all(): PendingConflict[] {
    const raw = this.#store.get<unknown>(PENDING_CONFLICTS_KEY);
    if (!Array.isArray(raw)) return [];
    return raw.filter(isPendingConflict);
  }

  get(docId: string): PendingConflict | undefined {
    return this.all().find((p) => p.docId === docId);
  }

  /** Records (or replaces) the doc's conflict. Resolves once persisted. */
  put(conflict: PendingConflict): Promise<void> {
    return this.#write((list) => [...list.filter((p) => p.docId !== conflict.docId), conflict]);
  }

  remove(docId: string): Promise<void> {
    return this.#write((list) => list.filter((p) => p.docId !== docId));
  }

  #write(change: (list: PendingConflict[]) => PendingConflict[]): Promise<void> {
    const next = this.#writes.then(async () => {
      await this.#store.update(PENDING_CONFLICTS_KEY, change(this.all()));
    });
    this.#writes = next.catch(() => undefined);
    return next;
  }
}

/** An in-memory KeyValueStore (tests; and a stand-in when no storage is available). */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly #values = new Map<string, unknown>();

  get<T>(key: string): T | undefined {
    const v = this.#values.get(key);
    return v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as T);
  }

  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.#values.delete(key);
    else this.#values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}
