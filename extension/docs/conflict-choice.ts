/**
 * What each choice of the conflict flow puts in the editor and which version the next save is
 * compared against. In every case the base becomes theirs: the person has now seen their edit.
 */
import type { BaseVersion } from './base-versions';
import type { PendingConflict } from './pending-conflicts';

export type ConflictChoice = 'take_merged' | 'keep_mine' | 'discard_mine';

export const CONFLICT_CHOICES: readonly ConflictChoice[] = ['take_merged', 'keep_mine', 'discard_mine'];

export interface Resolution {
  /** The text the editor should hold. */
  text: string;
  /** The version the next save sends as expected_updated_at. */
  base: BaseVersion;
  /** Save at once (false: the text still has conflict markers for the person to resolve). */
  saveNow: boolean;
}

export function resolveConflict(conflict: PendingConflict, choice: ConflictChoice): Resolution {
  const base = { ...conflict.theirs };
  switch (choice) {
    case 'take_merged':
      return { text: conflict.merged, base, saveNow: conflict.kind === 'merged_clean' };
    case 'keep_mine':
      // A deliberate overwrite, still compare-and-set against theirs: a third edit meanwhile is caught too.
      return { text: conflict.mine, base, saveNow: true };
    case 'discard_mine':
      return { text: conflict.theirs.body, base, saveNow: true };
  }
}
