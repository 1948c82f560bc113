/**
 * One doc save as the editor performs it, without vscode: compare-and-set against the version the
 * editor holds, and on 409 a recorded conflict (persisted before anything is shown) instead of a
 * lost edit. The file-system provider turns each outcome into what the person sees.
 */
import { saveDoc, type DocSaver } from '../../shared/index';
import { BaseVersions, type BaseVersion } from './base-versions';
import { hasConflictMarkers, resolveConflict, type ConflictChoice, type Resolution } from './conflict-choice';
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
  | { kind: 'failed'; error: unknown };

export interface DocSaveFlowOptions {
  client: DocSaver;
  bases: BaseVersions;
  pending: PendingConflicts;
  now?: () => Date;
}

export class DocSaveFlow {
  readonly #client: DocSaver;
  readonly bases: BaseVersions;
  readonly pending: PendingConflicts;
  readonly #now: () => Date;
  /** Rules-file docs: the last text sent as a pull request, so saving it again opens no second one. */
  readonly #proposed = new Map<string, { text: string; url: string; number: number }>();

  constructor(options: DocSaveFlowOptions) {
    this.#client = options.client;
    this.bases = options.bases;
    this.pending = options.pending;
    this.#now = options.now ?? (() => new Date());
  }

  /** The editor read the doc: that version is now its base. */
  opened(docId: string, version: BaseVersion): void {
    this.bases.set(docId, version);
  }

  async save(docId: string, title: string, text: string): Promise<DocSaveOutcome> {
    const open = this.pending.get(docId);
    if (open && hasConflictMarkers(text)) return { kind: 'unresolved_markers', conflict: open };

    const proposal = this.#proposed.get(docId);
    if (proposal && proposal.text === text) return { kind: 'pull_request', url: proposal.url, number: proposal.number, repeated: true };

    let base = this.bases.get(docId);
    if (!base) {
      // Only after a reload restored an unsaved editor: the version read now is the best base left.
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
        this.#proposed.delete(docId);
        await this.pending.remove(docId);
        return { kind: 'saved', updated_at: result.updated_at };
      case 'already_saved':
        this.bases.set(docId, { body: result.theirs.body, updated_at: result.theirs.updated_at });
        await this.pending.remove(docId);
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
      case 'failed':
        return { kind: 'failed', error: result.error };
    }
  }

  /**
   * Applies the person's choice to the flow's state: the base becomes theirs. The record stays
   * until the chosen text is saved (or, for discard, is removed now: the person chose to drop it).
   */
  async choose(conflict: PendingConflict, choice: ConflictChoice): Promise<Resolution> {
    const resolution = resolveConflict(conflict, choice);
    this.bases.set(conflict.docId, resolution.base);
    if (choice === 'discard_mine') await this.pending.remove(conflict.docId);
    return resolution;
  }
}
