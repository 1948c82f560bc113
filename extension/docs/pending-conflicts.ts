/**
 * Conflicts the person has not resolved yet, persisted (VS Code globalState) so that a reload or a
 * crash while one is open loses nothing: the record holds the person's text, the version they
 * edited and the version someone else saved. A record is removed only when a save of the chosen
 * text succeeds or the person deliberately discards their text.
 */
import type { KeyValueStore } from '../key-value-store';
import { PersistedValue } from '../persisted-value';
import type { BaseVersion } from './base-versions';

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
  readonly #list: PersistedValue<PendingConflict[]>;

  constructor(store: KeyValueStore) {
    // A damaged entry is skipped, never thrown.
    this.#list = new PersistedValue(store, PENDING_CONFLICTS_KEY, (raw) => (Array.isArray(raw) ? raw.filter(isPendingConflict) : []));
  }

  /** Every record, oldest first. */
  all(): PendingConflict[] {
    return [...this.#list.get()];
  }

  get(docId: string): PendingConflict | undefined {
    return this.#list.get().find((p) => p.docId === docId);
  }

  /** Records (or replaces) the doc's conflict. Resolves once persisted. */
  put(conflict: PendingConflict): Promise<void> {
    return this.#list.update((list) => [...list.filter((p) => p.docId !== conflict.docId), conflict]);
  }

  remove(docId: string): Promise<void> {
    return this.#list.update((list) => list.filter((p) => p.docId !== docId));
  }
}
