// What the main pane says before a place is opened (MainPane draws it; the saved first frame is
// painted with it before the UI loads).
import { clip, term, type SafeText } from '../terminal-text';

export function welcomeLines(width: number): SafeText[] {
  return [clip(term`Pick a channel on the left (j/k, Enter).`, width), clip(term`? lists every key · / searches · : opens the command palette.`, width)];
}
