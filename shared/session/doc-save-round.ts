/**
 * The one doc-save round of every face: a compare-and-set save of the person's text against the
 * version they edited; when someone else saved in between, a three-way merge the face offers (its
 * only part: drawing the choice and, for "edit again", the editor); when the service cannot be
 * reached, the save waits in the outbox with the version it was edited from (merged when it is
 * sent). The person's text is never lost: every outcome that did not save it carries it.
 */
import type { Doc } from '../contract';
import { hasConflictMarkers } from '../docs/conflict-markers';
import { saveDoc, type DocSaver, type SaveDocResult } from '../docs/save-doc';
import { isWorthQueueing, outboxErrorOf, type OutboxError } from '../offline/outbox-errors';
import type { OutboxEntry, OutboxOperation } from '../offline/outbox-store';

export type DocSaveOperation = Extract<OutboxOperation, { kind: 'doc_save' }>;

/** Someone saved first: what the face offers the person. */
export type DocRace = Extract<SaveDocResult, { kind: 'merged_clean' | 'conflict' }>;

/**
 * The person's answer: save the clean merge, save their own text over the newer version, edit the
 * (merged or marked) text again (the face returns the new text), throw theirs away (their text is
 * still handed back), or stop for now (the text is kept, nothing saved).
 */
export type DocRaceChoice = { kind: 'take_merged' } | { kind: 'keep_mine' } | { kind: 'edited'; text: string } | { kind: 'discard' } | { kind: 'stop' };

export type DocSaveRoundOutcome =
  | { readonly kind: 'saved'; readonly updated_at: string; readonly merged: boolean }
  | { readonly kind: 'pull_request'; readonly url: string; readonly number: number }
  /** Someone saved exactly this text already. */
  | { readonly kind: 'already_saved'; readonly updated_at: string }
  /** Accepted, but the answer was not understood: the text is handed back. */
  | { readonly kind: 'unconfirmed'; readonly mine: string }
  /** The service cannot be reached: the save waits in the outbox (or could not be queued: `entry` undefined). */
  | { readonly kind: 'queued'; readonly entry: OutboxEntry; readonly reason: OutboxError; readonly mine: string }
  | { readonly kind: 'failed'; readonly error: unknown; readonly mine: string }
  /** Someone saved first and the person stopped (or left conflict markers): nothing saved, their text kept. */
  | { readonly kind: 'unresolved'; readonly mine: string; readonly race: DocRace; readonly markersLeft: boolean }
  | { readonly kind: 'discarded'; readonly mine: string };

export interface DocSaveRoundInput {
  readonly doc: Pick<Doc, 'id' | 'title'>;
  readonly base: Pick<Doc, 'body' | 'updated_at'>;
  readonly mine: string;
}

export interface DocSaveRoundFace {
  readonly client: DocSaver;
  /** Someone saved first: the person's choice (a script takes the clean merge and edits a conflict). */
  choose(race: DocRace): Promise<DocRaceChoice>;
  /** Queues the save in the account's outbox; undefined when there is no outbox for this account. */
  queue(operation: DocSaveOperation): Promise<OutboxEntry | undefined>;
  /** How many times someone else may save first before the round leaves the text to the person. */
  readonly maxRounds?: number;
}

export async function runDocSaveRound(input: DocSaveRoundInput, face: DocSaveRoundFace): Promise<DocSaveRoundOutcome> {
  let base = input.base;
  let mine = input.mine;
  let merged = false;
  const maxRounds = face.maxRounds ?? 5;
  for (let round = 1; ; round++) {
    const result = await saveDoc(face.client, { id: input.doc.id, base, mine });
    switch (result.kind) {
      case 'saved':
        return { kind: 'saved', updated_at: result.updated_at, merged };
      case 'pull_request':
        return { kind: 'pull_request', url: result.url, number: result.number };
      case 'already_saved':
        return { kind: 'already_saved', updated_at: result.updated_at };
      case 'unconfirmed':
        return { kind: 'unconfirmed', mine };
      case 'failed': {
        if (!isWorthQueueing(result.error)) return { kind: 'failed', error: result.error, mine };
        const entry = await face.queue({ kind: 'doc_save', docId: input.doc.id, title: input.doc.title, base: { body: base.body, updated_at: base.updated_at }, mine }).catch(() => undefined);
        if (entry === undefined) return { kind: 'failed', error: result.error, mine };
        return { kind: 'queued', entry, reason: outboxErrorOf(result.error), mine };
      }
      case 'merged_clean':
      case 'conflict': {
        if (round > maxRounds) return { kind: 'unresolved', mine, race: result, markersLeft: false };
        const choice = await face.choose(result);
        base = { body: result.theirs.body, updated_at: result.theirs.updated_at };
        switch (choice.kind) {
          case 'stop':
            return { kind: 'unresolved', mine, race: result, markersLeft: false };
          case 'discard':
            return { kind: 'discarded', mine };
          case 'take_merged':
            if (result.kind === 'merged_clean') {
              mine = result.merged;
              merged = true;
            }
            continue;
          case 'keep_mine':
            continue;
          case 'edited':
            mine = choice.text;
            merged = true;
            if (hasConflictMarkers(mine)) return { kind: 'unresolved', mine, race: result, markersLeft: true };
            if (mine === base.body) return { kind: 'already_saved', updated_at: base.updated_at };
            continue;
        }
      }
    }
  }
}
