// The whole screen's measures (AppFrame lays out by them, and the saved first frame is painted by
// them before the UI loads): pure, so both draw the same lines.

/** Below this the panes cannot show a line of a message: a clear note instead of a broken frame. */
export const MIN_COLUMNS = 60;
export const MIN_ROWS = 14;

export interface FrameLayout {
  /** Lines of the whole frame: one short of the terminal, so a frame never scrolls it. */
  height: number;
  sidebarWidth: number;
  /** The main pane's text width (its left border is one column more unless zoomed). */
  mainWidth: number;
  /** Between the header and mention notice above and the status line below. */
  bodyHeight: number;
  /** The main pane's lines above an overlay (prompt, picker). */
  mainHeight: number;
}

export function frameLayout(columns: number, rows: number, zoomed: boolean, overlayHeight = 0): FrameLayout {
  const height = Math.max(8, rows - 1);
  const sidebarWidth = zoomed ? 0 : Math.min(26, Math.max(16, Math.floor(columns * 0.28)));
  const mainWidth = zoomed ? columns : Math.max(20, columns - sidebarWidth - 1);
  const bodyHeight = Math.max(3, height - 3);
  const mainHeight = Math.max(3, bodyHeight - overlayHeight);
  return { height, sidebarWidth, mainWidth, bodyHeight, mainHeight };
}

export function tooSmall(columns: number, rows: number): boolean {
  return columns < MIN_COLUMNS || rows < MIN_ROWS;
}
