/**
 * Line-based three-way merge of a doc body (node-diff3). Changes made identically on both sides
 * are not conflicts. A conflict is shown with git-style markers, mine first.
 */
import { diff3Merge } from 'node-diff3';

export interface ConflictHunk {
  /** 1-based line in the conflict text where this hunk's `<<<<<<<` marker is. */
  markerLine: number;
  mine: string[];
  base: string[];
  theirs: string[];
}

export type MergeOutcome =
  | { clean: true; merged: string }
  | { clean: false; conflictText: string; hunks: ConflictHunk[] };

export interface MergeLabels {
  mine?: string;
  theirs?: string;
}

const splitLines = (text: string) => text.split('\n');

export function threeWayMerge(base: string, mine: string, theirs: string, labels: MergeLabels = {}): MergeOutcome {
  // Identical or one-sided edits need no shortcut: diff3 merges them cleanly to the same text.
  // node-diff3 leaves out false conflicts (the same change on both sides) by default.
  const regions = diff3Merge(splitLines(mine), splitLines(base), splitLines(theirs));
  const lines: string[] = [];
  const hunks: ConflictHunk[] = [];
  for (const region of regions) {
    if (region.ok) {
      lines.push(...region.ok);
    } else if (region.conflict) {
      hunks.push({ markerLine: lines.length + 1, mine: region.conflict.a, base: region.conflict.o, theirs: region.conflict.b });
      lines.push(`<<<<<<< ${labels.mine ?? 'mine'}`, ...region.conflict.a, '=======', ...region.conflict.b, `>>>>>>> ${labels.theirs ?? 'theirs'}`);
    }
  }
  const text = lines.join('\n');
  return hunks.length === 0 ? { clean: true, merged: text } : { clean: false, conflictText: text, hunks };
}
