// Windowed scrolling: only the rows that fit on screen are computed and rendered, whatever the
// length of the list. Pure functions, so the maths is tested apart from Ink.

/** First index of a one-line-per-row window of `height` rows that keeps `selected` in view, centred when it can. */
export function windowStart(count: number, selected: number, height: number): number {
  if (count <= height || height <= 0) return 0;
  const half = Math.floor(height / 2);
  return Math.max(0, Math.min(selected - half, count - height));
}

export interface LineWindow<L extends string = string> {
  /** Index of the first item shown (possibly cut at the top). */
  first: number;
  /** The lines to show, top to bottom, exactly `height` or fewer. */
  lines: { item: number; text: L }[];
}

/**
 * A window of `height` lines over items of varying height (messages), built outwards from the
 * selected item: the items below it take up to half of the space, the items above fill the rest
 * (and the bottom fills again when the top runs out). Asks `linesOf` only for items it shows.
 */
export function lineWindow<L extends string>(count: number, selected: number, height: number, linesOf: (index: number) => readonly L[]): LineWindow<L> {
  if (count === 0 || height <= 0) return { first: 0, lines: [] };
  const sel = Math.max(0, Math.min(selected, count - 1));
  const selLines = linesOf(sel).map((text) => ({ item: sel, text }));
  // A selected item taller than the screen shows its head.
  if (selLines.length >= height) return { first: sel, lines: selLines.slice(0, height) };

  const below: { item: number; text: L }[] = [];
  const above: { item: number; text: L }[] = [];
  let room = height - selLines.length;
  const belowBudget = Math.floor(room / 2);
  let next = sel + 1;
  while (next < count && below.length < belowBudget) {
    for (const text of linesOf(next)) below.push({ item: next, text });
    next++;
  }
  below.splice(belowBudget);
  room -= below.length;
  let prev = sel - 1;
  while (prev >= 0 && above.length < room) {
    const lines = linesOf(prev).map((text) => ({ item: prev, text }));
    above.unshift(...lines);
    prev--;
  }
  const cut = Math.max(0, above.length - room);
  const shownAbove = above.slice(cut);
  room -= shownAbove.length;
  // The top ran out: let the items below use what is left.
  while (room > 0 && next < count) {
    for (const text of linesOf(next)) below.push({ item: next, text });
    next++;
    if (below.length > height) break;
  }
  const lines = [...shownAbove, ...selLines, ...below].slice(0, height);
  return { first: lines[0]?.item ?? sel, lines };
}
