/**
 * One doc save as the editor performs it, without vscode: compare-and-set against the version the
 * editor holds, and on 409 a recorded conflict (persisted before anything is shown) instead of a
 * lost edit. The file-system provider turns each outcome into what the person sees.
 */
import { hasConflictMarkers, isWorthQueueing, outboxErrorOf, saveDoc, type DocSaveOperation, type DocSaver, type OutboxEntry, type OutboxError } from '../../shared/index';
import { BaseVersions, type BaseVersion } from './base-versions';
import { resolveConflict, type ConflictChoice, type Resolution } from './conflict-choice';
import type { DirtyBases } from './dirty-bases';
import type { PendingConflict, PendingConflicts } from './pending-conflicts';

export type DocSaveOutcome =
  | { kind: 'saved'; updated_at: string }
  /** The text equals the version already on the service: nothing was sent. */
  | { kind: 'unchanged'; updated_at: string }
  /** Rules-file mirror: the edit became a pull request; the doc itself did not change. */
  | { kind: 'pull_request'; url: string; number: number; repeated: boolean }
  /** Someone saved first: the conflict is recorded; the person chooses how to combine. */
  | { kind: 'needs_resolution'; conflict: PendingConflict }
  /** The text still has conflict markers from a merge the person chose to finish by hand. */
  | { kind: 'unresolved_markers'; conflict: PendingConflict }
  /**
   * The text is the one the conflict was found with, saved after the person chose to take the merge
   * or discard it (an auto save that ran before the chosen text reached the editor). Sent against
   * theirs it would drop their edit, so nothing is sent.
   */
  | { kind: 'superseded'; choice: ConflictChoice }
  /** Accepted by the service, but its answer was not understood (and reading back did not confirm it). */
  | { kind: 'unconfirmed' }
  /** The service could not be reached: the save waits in the account's outbox (sent and merged when it is back). */
  | { kind: 'queued'; entry: OutboxEntry; reason: OutboxError }
  | { kind: 'failed'; error: unknown };

export interface DocSaveFlowOptions {
  client: DocSaver;
  bases: BaseVersions;
  pending: PendingConflicts;
  /** Persisted bases of unsaved editors (survive a reload); optional. */
  dirtyBases?: DirtyBases;
  /** Queues a save in the account's outbox when the service cannot be reached (undefined: no outbox). */
  queue?: (operation: DocSaveOperation) => Promise<OutboxEntry | undefined>;
  now?: () => Date;
}

export class DocSaveFlow {
  readonly #client: DocSaver;
  readonly bases: BaseVersions;
  readonly pending: PendingConflicts;
  readonly #now: () => Date;
  readonly #dirtyBases: DirtyBases | undefined;
  readonly #queue: DocSaveFlowOptions['queue'];
  /** The version last read from the service per doc (to fall back to when a restored base is dropped). */
  readonly #lastRead = new Map<string, BaseVersion>();
  /** Rules-file docs: the last text sent as a pull request, so saving it again opens no second one. */
  readonly #proposed = new Map<string, { text: string; url: string; number: number }>();
  /** Per doc, the choice made on its last conflict and the text that conflict was found with. */
  readonly #chosen = new Map<string, { choice: ConflictChoice; mine: string }>();
  /** Told when a doc's conflict state moves on (a choice made, a record removed). */
  readonly #conflictListeners = new Set<(docId: string) => void>();

  constructor(options: DocSaveFlowOptions) {
    this.#client = options.client;
    this.bases = options.bases;
    this.pending = options.pending;
    this.#now = options.now ?? (() => new Date());
    this.#dirtyBases = options.dirtyBases;
    this.#queue = options.queue;
  }

  /**
   * The editor read the doc: that version is now its base, unless unsaved text from before a
   * reload is based on an older one (then that older base stays, so the next save merges).
   */
  opened(docId: string, version: BaseVersion): void {
    // A read (a revert after "discard mine", a reopen) replaces whatever text a choice superseded.
    this.#chosen.delete(docId);
    this.#lastRead.set(docId, { body: version.body, updated_at: version.updated_at });
    const restored = this.#dirtyBases?.get(docId);
    if (restored && restored.updated_at !== version.updated_at) {
      this.bases.set(docId, restored);
      return;
    }
    if (restored) void this.#dirtyBases?.delete(docId);
    this.bases.set(docId, version);
  }

  /** The editor now has unsaved changes: keep its base across a reload. */
  async edited(docId: string): Promise<void> {
    const base = this.bases.get(docId);
    if (!this.#dirtyBases || !base) return;
    const stored = this.#dirtyBases.get(docId);
    if (stored?.updated_at !== base.updated_at || stored.body !== base.body) await this.#dirtyBases.set(docId, base);
  }

  /**
   * The editor went back to the saved text (revert, undo): forget the kept base; the last read is
   * the base again. With `text`, only if it is that last read.
   */
  async cleaned(docId: string, text?: string): Promise<void> {
    const read = this.#lastRead.get(docId);
    if (text !== undefined && read && read.body !== text) return;
    if (!this.#dirtyBases?.has(docId)) return;
    // Clean means the editor holds what was last loaded (saves delete the kept base themselves).
    // Set before awaiting the store: a choice made meanwhile (keep mine) sets a newer base that
    // this must not overwrite afterwards.
    const lastRead = this.#lastRead.get(docId);
    if (lastRead) this.bases.set(docId, lastRead);
    await this.#dirtyBases.delete(docId);
  }

  /** Calls `listener` with the doc id whenever a choice is made or a conflict record is removed; returns the unsubscribe. */
  onConflictChange(listener: (docId: string) => void): () => void {
    this.#conflictListeners.add(listener);
    return () => this.#conflictListeners.delete(listener);
  }

  #conflictChanged(docId: string): void {
    for (const listener of [...this.#conflictListeners]) listener(docId);
  }

  async save(docId: string, title: string, text: string): Promise<DocSaveOutcome> {
    const open = this.pending.get(docId);
    if (open && hasConflictMarkers(text)) return { kind: 'unresolved_markers', conflict: open };
    // After a choice the base is theirs: the text from before the choice must not be
    // compare-and-set against it (only "keep mine" means to overwrite theirs with it).
    const chosen = this.#chosen.get(docId);
    if (chosen && chosen.choice !== 'keep_mine' && chosen.mine === text) return { kind: 'superseded', choice: chosen.choice };

    const proposal = this.#proposed.get(docId);
    if (proposal && proposal.text === text) return { kind: 'pull_request', url: proposal.url, number: proposal.number, repeated: true };

    let base = this.bases.get(docId) ?? this.#dirtyBases?.get(docId);
    if (!base) {
      // No read and no kept base (e.g. a save issued before any read): the version now is the best base left.
      try {
        const doc = await this.#client.getDoc(docId);
        base = { body: doc.body, updated_at: doc.updated_at };
        this.bases.set(docId, base);
      } catch (error) {
        return { kind: 'failed', error };
      }
    }
    if (text === base.body && !open) return { kind: 'unchanged', updated_at: base.updated_at };

    const result = await saveDoc(this.#client, { id: docId, base, mine: text });
    switch (result.kind) {
      case 'saved':
        this.bases.set(docId, { body: text, updated_at: result.updated_at });
        // What the editor holds is now the saved version (a later "clean" falls back to it).
        this.#lastRead.set(docId, { body: text, updated_at: result.updated_at });
        this.#proposed.delete(docId);
        this.#chosen.delete(docId);
        await this.pending.remove(docId);
        await this.#dirtyBases?.delete(docId);
        this.#conflictChanged(docId);
        return { kind: 'saved', updated_at: result.updated_at };
      case 'already_saved':
        this.bases.set(docId, { body: result.theirs.body, updated_at: result.theirs.updated_at });
        this.#lastRead.set(docId, { body: result.theirs.body, updated_at: result.theirs.updated_at });
        this.#chosen.delete(docId);
        await this.pending.remove(docId);
        await this.#dirtyBases?.delete(docId);
        this.#conflictChanged(docId);
        return { kind: 'saved', updated_at: result.updated_at };
      case 'pull_request':
        this.#proposed.set(docId, { text, url: result.url, number: result.number });
        return { kind: 'pull_request', url: result.url, number: result.number, repeated: false };
      case 'merged_clean':
      case 'conflict': {
        const conflict: PendingConflict = {
          docId,
          title,
          kind: result.kind,
          mine: text,
          base: { body: base.body, updated_at: base.updated_at },
          theirs: { body: result.theirs.body, updated_at: result.theirs.updated_at },
          merged: result.kind === 'merged_clean' ? result.merged : result.conflictText,
          at: this.#now().toISOString(),
        };
        await this.pending.put(conflict);
        return { kind: 'needs_resolution', conflict };
      }
      case 'unconfirmed':
        return { kind: 'unconfirmed' };
      case 'failed': {
        if (!this.#queue || !isWorthQueueing(result.error)) return { kind: 'failed', error: result.error };
        const entry = await this.#queue({ kind: 'doc_save', docId, title, base: { body: base.body, updated_at: base.updated_at }, mine: text }).catch(() => undefined);
        if (!entry) return { kind: 'failed', error: result.error };
        // A later save made before this one is sent merges from this text (the outbox sends in order).
        this.bases.set(docId, { body: text, updated_at: base.updated_at });
        return { kind: 'queued', entry, reason: outboxErrorOf(result.error) };
      }
    }
  }

  /**
   * Applies the person's choice to the flow's state: the base becomes theirs. The record stays
   * until the chosen text is saved (or, for discard, is removed now: the person chose to drop it).
   */
  async choose(conflict: PendingConflict, choice: ConflictChoice): Promise<Resolution> {
    const resolution = resolveConflict(conflict, choice);
    if (resolution.text !== conflict.mine) this.#chosen.set(conflict.docId, { choice, mine: conflict.mine });
    else this.#chosen.delete(conflict.docId);
    this.bases.set(conflict.docId, resolution.base);
    // The person has seen theirs: from now on the kept base of this editor is theirs.
    if (this.#dirtyBases?.has(conflict.docId)) await this.#dirtyBases.set(conflict.docId, resolution.base);
    if (choice === 'discard_mine') await this.pending.remove(conflict.docId);
    this.#conflictChanged(conflict.docId);
    return resolution;
  }
}
