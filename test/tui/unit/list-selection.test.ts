import { describe, expect, it } from 'vitest';
import { indexAfter, isListStep, keepSelection, openTarget, selectedIndex } from '../../../tui/list-selection';
import { MORE_ROW, withMoreRow } from '../../../tui/more-row';

const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
const keyOf = (row: { id: string }) => row.id;

describe('a list view’s selection', () => {
  it('tells the list’s own steps from a view’s actions', () => {
    expect(isListStep({ kind: 'move', by: 1 })).toBe(true);
    expect(isListStep({ kind: 'ends', to: 'last' })).toBe(true);
    expect(isListStep({ kind: 'open' })).toBe(true);
    expect(isListStep({ kind: 'reload' })).toBe(false);
  });

  it('moves within the list, to either end, and stays at 0 in an empty one', () => {
    expect(indexAfter({ kind: 'move', by: 1 }, 0, 3)).toBe(1);
    expect(indexAfter({ kind: 'move', by: -1 }, 0, 3)).toBe(0);
    expect(indexAfter({ kind: 'move', by: Number.MAX_SAFE_INTEGER }, 1, 3)).toBe(2);
    expect(indexAfter({ kind: 'ends', to: 'last' }, 0, 3)).toBe(2);
    expect(indexAfter({ kind: 'ends', to: 'first' }, 2, 3)).toBe(0);
    expect(indexAfter({ kind: 'ends', to: 'last' }, 0, 0)).toBe(0);
    expect(indexAfter({ kind: 'move', by: 1 }, 0, 0)).toBe(0);
  });

  it('keeps an index as it is when rows have no key', () => {
    expect(selectedIndex(rows, keepSelection(rows, 2))).toBe(2);
    expect(selectedIndex(rows, { index: 5, key: null })).toBe(5);
  });

  it('stays on a keyed row as others join above it, and falls back to the first when it leaves', () => {
    const kept = keepSelection(rows, 1, keyOf);
    expect(kept.key).toBe('b');
    expect(selectedIndex([{ id: 'z' }, ...rows], kept, keyOf)).toBe(2);
    expect(selectedIndex([{ id: 'a' }, { id: 'c' }], kept, keyOf)).toBe(0);
    // A keyed index past either end is the nearest row.
    expect(keepSelection(rows, -1, keyOf).key).toBe('a');
    expect(keepSelection(rows, 9, keyOf).key).toBe('c');
    expect(keepSelection([], 0, keyOf).key).toBeNull();
  });

  it('opens the selected row, the More… row’s search, or nothing past the end', () => {
    const withMore = withMoreRow(rows, true);
    expect(openTarget(withMore, 1)).toEqual({ kind: 'row', row: { id: 'b' } });
    expect(openTarget(withMore, 3)).toEqual({ kind: 'more' });
    expect(openTarget(withMore, 4)).toBeNull();
    expect(openTarget([], 0)).toBeNull();
    expect(keepSelection(withMore, 3, keyOf).key).toBeNull();
    expect(withMore[3]).toBe(MORE_ROW);
  });
});
