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

  // Whole items on each side, gathered only as far as the screen could use them; the cut (if
  // any) is made at the screen's edges only, never between an item's header and its body.
  const room = height - selLines.length;
  const below: { item: number; text: L }[] = [];
  for (let next = sel + 1; next < count && below.length < room; next++) {
    for (const text of linesOf(next)) below.push({ item: next, text });
  }
  const above: { item: number; text: L }[] = [];
  for (let prev = sel - 1; prev >= 0 && above.length < room; prev--) {
    above.unshift(...linesOf(prev).map((text) => ({ item: prev, text })));
  }
  // Below takes up to half of the room, or more when the top runs out.
  const belowShown = Math.min(below.length, Math.max(Math.floor(room / 2), room - above.length));
  const aboveShown = Math.min(above.length, room - belowShown);
  const shownAbove = above.slice(above.length - aboveShown);
  const lines = [...shownAbove, ...selLines, ...below.slice(0, belowShown)];
  return { first: lines[0]?.item ?? sel, lines };
}

/** The item drawn at `line` (from 0) of a pane of `height` lines that shows `window` at its bottom (blank lines above); null on a blank line. */
export function itemAtLine(window: LineWindow, height: number, line: number): number | null {
  return window.lines[line - (height - window.lines.length)]?.item ?? null;
}

/** Clamps a selection after a move of `delta` rows. */
export function moveSelection(selected: number, delta: number, count: number): number {
  if (count === 0) return 0;
  return Math.max(0, Math.min(count - 1, selected + delta));
}
