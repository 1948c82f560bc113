// The last row of a list that may be cut ("More… narrow or search"): Enter on it opens the view's
// filter or search. One value stands for it, so a view tells it from its items by identity.

export const MORE_ROW = { more: true } as const;
export type MoreRow = typeof MORE_ROW;

export const isMoreRow = (row: unknown): row is MoreRow => row === MORE_ROW;

/** The words of the row; `key` is the view's key that opens the same filter or search. */
export const moreRowText = (key: string) => `More… narrow or search (${key}) — this list may not hold everything`;

/** The items, with the More row last when the list may be cut. */
export function withMoreRow<T>(items: readonly T[], cut: boolean): (T | MoreRow)[] {
  return cut ? [...items, MORE_ROW] : [...items];
}
