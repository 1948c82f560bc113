// A windowed list's rows as text and style (WindowedList draws them; the saved first frame's
// sidebar is painted with them before the UI loads).
import { fit, safeLine, type SafeText } from '../terminal-text';
import { windowStart } from '../windowing';

/** The rows on screen: [start, end) of `count`, keeping `selected` in view. */
export function listWindow(count: number, selected: number, height: number): { start: number; end: number } {
  const start = windowStart(count, selected, height);
  return { start, end: Math.min(count, start + height) };
}

/** `text` fitted to the row: a selection marker, then the text padded or cut to `width - 1`. */
export function listRowText(text: SafeText, selected: boolean, focused: boolean, width: number): SafeText {
  const marker = selected ? (focused ? '▸' : '›') : ' ';
  return safeLine(marker + fit(safeLine(text), width - 1));
}

/** With colour on, the selected row is bold, and reversed while its list has the keys. */
export function listRowStyle(selected: boolean, focused: boolean, color: boolean): { inverse: boolean; bold: boolean } {
  return { inverse: color && selected && focused, bold: color && selected };
}
