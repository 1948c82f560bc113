// A list view's selection as pure functions (hooks/use-list-view.ts carries them out): which row
// is selected, where a list key moves it, and what Enter on it opens.
import { isMoreRow, type MoreRow } from './more-row';
import { moveSelection } from './windowing';

/** The keys every list shares, whatever its key map calls them; a view's other actions are its own. */
export type ListStep = { kind: 'move'; by: number } | { kind: 'ends'; to: 'first' | 'last' } | { kind: 'open' };

export function isListStep<A extends { kind: string }>(action: A): action is Extract<A, ListStep> {
  return action.kind === 'move' || action.kind === 'ends' || action.kind === 'open';
}

/** Where the selection is after a move (clamped to the list; an empty list selects 0). */
export function indexAfter(step: Exclude<ListStep, { kind: 'open' }>, selected: number, count: number): number {
  if (step.kind === 'move') return moveSelection(selected, step.by, count);
  return step.to === 'first' ? 0 : Math.max(0, count - 1);
}

/**
 * The selection as kept: an index, or (for a list that changes under it) the key of the selected
 * row, which stays on that row as others join or leave; a key no longer listed selects the first row.
 */
export type KeptSelection = { index: number; key: string | null };

export function selectedIndex<T>(rows: readonly (T | MoreRow)[], kept: KeptSelection, keyOf?: (row: T) => string): number {
  if (!keyOf) return kept.index;
  const found = kept.key === null ? -1 : rows.findIndex((row) => !isMoreRow(row) && keyOf(row) === kept.key);
  return found >= 0 ? found : 0;
}

/** The selection kept for `index` (clamped to the list when rows are keyed). */
export function keepSelection<T>(rows: readonly (T | MoreRow)[], index: number, keyOf?: (row: T) => string): KeptSelection {
  if (!keyOf) return { index, key: null };
  const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
  return { index, key: row === undefined || isMoreRow(row) ? null : keyOf(row) };
}

/** What opening the row at `index` means: the row itself, the More… row's search, or nothing. */
export function openTarget<T>(rows: readonly (T | MoreRow)[], index: number): { kind: 'row'; row: T } | { kind: 'more' } | null {
  const row = rows[index];
  if (row === undefined) return null;
  return isMoreRow(row) ? { kind: 'more' } : { kind: 'row', row };
}
