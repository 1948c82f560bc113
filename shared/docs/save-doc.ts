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
  /**
   * The service accepted the save (2xx) but its answer was not understood, and reading the doc back
   * did not show the text either (e.g. a pull request in an unknown shape): say so, keep `mine`.
   */
  | { kind: 'unconfirmed'; mine: string }
  /** Any other failure (network, permission, not found...): nothing was saved; `mine` is handed back. */
  | { kind: 'failed'; error: unknown; mine: string };

/** The documented save or pull-request confirmation, or null when the answer is something else. */
function readPatchAnswer(result: unknown): SaveDocResult | null {
  // Any non-object answer reads as no confirmation (its fields are all undefined).
  const r = (result ?? {}) as { saved?: unknown; updated_at?: unknown; pull_request?: { url?: unknown; number?: unknown } | null };
  if (r.saved === true && typeof r.updated_at === 'string') return { kind: 'saved', updated_at: r.updated_at };
  const pr = r.pull_request;
  if (r.saved === false && pr && typeof pr.url === 'string') return { kind: 'pull_request', url: pr.url, number: typeof pr.number === 'number' ? pr.number : 0 };
  return null;
}

/**
 * A 2xx answer the client could not read (not JSON, not an object): the save may well have been
 * made. An API error with a 2xx status is only ever such an unexpected answer.
 */
function isAcceptedButUnreadable(error: unknown): boolean {
  return isApiError(error) && Math.trunc(error.status / 100) === 2;
}

export async function saveDoc(client: DocSaver, input: SaveDocInput, opts?: CallOptions): Promise<SaveDocResult> {
  const { id, mine } = input;
  let answer: unknown;
  try {
    answer = await client.patchDoc(id, { body: mine, expected_updated_at: input.base.updated_at }, opts);
  } catch (error) {
    if (isApiError(error) && error.code === 'conflict') return mergeWithTheirs(client, input, opts);
    if (!isAcceptedButUnreadable(error)) return { kind: 'failed', error, mine };
  }
  return readPatchAnswer(answer) ?? (await readBack(client, id, mine, opts));
}

/** Accepted, but in a shape not understood (or no body at all): learn the outcome by reading back. */
async function readBack(client: DocSaver, id: string, mine: string, opts?: CallOptions): Promise<SaveDocResult> {
  try {
    const now = await client.getDoc(id, opts);
    if (now.body === mine) return { kind: 'saved', updated_at: now.updated_at };
  } catch {
    // The save was accepted; only its outcome is unknown.
  }
  return { kind: 'unconfirmed', mine };
}

/** Someone saved first (409): fetch theirs and merge three ways. */
async function mergeWithTheirs(client: DocSaver, input: SaveDocInput, opts?: CallOptions): Promise<SaveDocResult> {
  const { id, base, mine } = input;
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
