/**
 * The base version of every doc editor with unsaved changes, persisted (globalState key
 * wsc.docs.dirtyBases) so that after a reload, when VS Code restores the unsaved text (hot exit),
 * the next save still compares against the version the person started from instead of the one
 * read after the reload. An entry lives from the first unsaved change until a save succeeds or
 * the editor goes back to the saved text.
 */
import type { BaseVersion } from './base-versions';
import type { KeyValueStore } from '../key-value-store';
import { PersistedValue } from '../persisted-value';

export const DIRTY_BASES_KEY = 'wsc.docs.dirtyBases';

type Entries = Record<string, BaseVersion>;

function isVersion(v: unknown): v is BaseVersion {
  return typeof v === 'object' && v !== null && typeof (v as BaseVersion).body === 'string' && typeof (v as BaseVersion).updated_at === 'string';
}

function parseEntries(raw: unknown): Entries {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const entries: Entries = {};
  for (const [id, v] of Object.entries(raw as Record<string, unknown>)) if (isVersion(v)) entries[id] = v;
  return entries;
}

export class DirtyBases {
  readonly #entries: PersistedValue<Entries>;

  constructor(store: KeyValueStore) {
    this.#entries = new PersistedValue(store, DIRTY_BASES_KEY, parseEntries);
  }

  get(docId: string): BaseVersion | undefined {
    return this.#entries.get()[docId];
  }

  has(docId: string): boolean {
    return this.get(docId) !== undefined;
  }

  set(docId: string, base: BaseVersion): Promise<void> {
    return this.#entries.update((e) => ({ ...e, [docId]: { body: base.body, updated_at: base.updated_at } }));
  }

  delete(docId: string): Promise<void> {
    return this.#entries.update((e) => {
      const { [docId]: _gone, ...rest } = e;
      return rest;
    });
  }
}
