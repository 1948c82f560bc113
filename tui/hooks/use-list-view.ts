// One list view's controller: the selection (kept in the UiStore), the list keys (move, ends, open),
// a click on a row, the More… row of a list that may be cut. A view gives its rows, what opening a
// row does, and its own keys; ListPane (components/ListPane.tsx) draws what this returns.
import type { Key } from 'ink';
import { useCallback, useRef } from 'react';
import { listKeyAction, type ListKeyAction } from '../keys/list-key-map';
import { indexAfter, isListStep, keepSelection, openTarget, selectedIndex, type KeptSelection, type ListStep } from '../list-selection';
import { withMoreRow, type MoreRow } from '../more-row';
import { useUiState } from '../state/use-ui-store';
import { useUi } from '../ui-context';
import { useKeys } from './use-keys';

/** Where a list view is drawn: the main pane's size, and whether the view has the keys. */
export interface ListPlace {
  width: number;
  height: number;
  focused: boolean;
}

export interface ListViewOptions<T, A extends { kind: string }> {
  place: ListPlace;
  rows: readonly T[];
  open(row: T): unknown;
  /** The view's key map (listKeyAction unless given); `at` is the selected row. */
  keys?(input: string, key: Key, at: T | MoreRow | undefined): A | null;
  /** What the view's own actions (all but the list's moves and Enter) do. */
  act?(action: Exclude<A, ListStep>, at: T | undefined, index: number): void;
  /** The list may be cut: it ends with "More… narrow or search (`key`)", which opens `open`. */
  more?: { key: string; open(): void };
  /** Rows that change under the selection: it stays on the row with this key. */
  keyOf?(row: T): string;
}

export interface ListView<T> {
  rows: readonly (T | MoreRow)[];
  selected: number;
  select(index: number): void;
  place: ListPlace;
  /** The More… row's key, when the list ends with it. */
  moreKey: string | null;
}

export function useListView<T, A extends { kind: string } = ListKeyAction>(options: ListViewOptions<T, A>): ListView<T> {
  const ui = useUi();
  const [kept, setKept] = useUiState<KeptSelection>({ index: 0, key: null });
  const rows = withMoreRow(options.rows, options.more !== undefined);
  const selected = selectedIndex(rows, kept, options.keyOf);
  const latest = useRef({ rows, keyOf: options.keyOf });
  latest.current = { rows, keyOf: options.keyOf };
  // Stable, so a list registered for clicks is not registered again at every render.
  const select = useCallback((index: number) => setKept(keepSelection(latest.current.rows, index, latest.current.keyOf)), [setKept]);

  useKeys(
    (input, key) => {
      const action = options.keys ? options.keys(input, key, rows[selected]) : (listKeyAction(input, key) as A | null);
      if (action === null) return false;
      const target = openTarget(rows, selected);
      if (!isListStep(action)) options.act?.(action as Exclude<A, ListStep>, target?.kind === 'row' ? target.row : undefined, selected);
      else if (action.kind !== 'open') {
        const step = action as Exclude<ListStep, { kind: 'open' }>;
        if (options.keyOf) select(indexAfter(step, selected, rows.length));
        else setKept((k) => ({ index: indexAfter(step, k.index, rows.length), key: null }));
      } else if (target?.kind === 'more') options.more?.open();
      else if (target?.kind === 'row') void options.open(target.row);
      return true;
    },
    { isActive: options.place.focused && !ui.keyboardTaken },
  );

  return { rows, selected, select, place: options.place, moreKey: options.more?.key ?? null };
}
