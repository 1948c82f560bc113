/**
 * Compare-and-set save of a doc. The save sends `expected_updated_at` of the version that was
 * edited; when someone else saved in between (409) it fetches theirs and merges three ways. The
 * person's text is never dropped: every outcome but 'saved' and 'pull_request' carries `mine`.
 */
import type { Doc, PatchDocInput, PatchDocResult } from '../contract';
import { isApiError } from '../errors';
import type { CallOptions } from '../http/types';
import { threeWayMerge, type ConflictHunk } from './three-way-merge';

/** The two Client methods a save needs. */
export interface DocSaver {
  patchDoc(id: string, input: PatchDocInput, opts?: CallOptions): Promise<PatchDocResult>;
  getDoc(id: string, opts?: CallOptions): Promise<Doc>;
}

export interface SaveDocInput {
  id: string;
  /** The version the person started editing (its body and updated_at). */
  base: Pick<Doc, 'body' | 'updated_at'>;
  /** The person's text. */
  mine: string;
}

export type SaveDocResult =
  | { kind: 'saved'; updated_at: string }
  /** The doc mirrors the rules file: the edit was shipped as a pull request. */
  | { kind: 'pull_request'; url: string; number: number }
  /** Someone saved first; both edits merge cleanly. Offer `merged`; to keep it, call saveDoc({id, base: theirs, mine: merged}). */
  | { kind: 'merged_clean'; merged: string; theirs: Doc; mine: string }
  /** Someone saved first and the edits overlap. Show conflictText (git markers); resolve, then saveDoc({id, base: theirs, mine: resolved}). */
  | { kind: 'conflict'; theirs: Doc; conflictText: string; hunks: ConflictHunk[]; mine: string }
  /** Their latest already equals the person's text (identical edits): nothing left to save. */
  | { kind: 'already_saved'; updated_at: string; theirs: Doc }
  /** Any other failure (network, permission, not found...): nothing was saved; `mine` is handed back. */
  | { kind: 'failed'; error: unknown; mine: string };

export async function saveDoc(client: DocSaver, input: SaveDocInput, opts?: CallOptions): Promise<SaveDocResult> {
  const { id, base, mine } = input;
  try {
    const result = await client.patchDoc(id, { body: mine, expected_updated_at: base.updated_at }, opts);
    if (result.saved) return { kind: 'saved', updated_at: result.updated_at };
    return { kind: 'pull_request', url: result.pull_request.url, number: result.pull_request.number };
  } catch (error) {
    if (!isApiError(error) || error.code !== 'conflict') return { kind: 'failed', error, mine };
  }

  let theirs: Doc;
  try {
    theirs = await client.getDoc(id, opts);
  } catch (error) {
    return { kind: 'failed', error, mine };
  }
  if (theirs.body === mine) return { kind: 'already_saved', updated_at: theirs.updated_at, theirs };
  const outcome = threeWayMerge(base.body, mine, theirs.body);
  if (outcome.clean) return { kind: 'merged_clean', merged: outcome.merged, theirs, mine };
  return { kind: 'conflict', theirs, conflictText: outcome.conflictText, hunks: outcome.hunks, mine };
}
