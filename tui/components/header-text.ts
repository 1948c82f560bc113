// The top line's words (Header draws them; the saved first frame is painted with them before the
// UI loads): who is signed in, to which workspace, and where the token came from.
import type { Identity } from '../../shared/prepaint';
import { clip, safeLine, type SafeText } from '../terminal-text';

export function headerText(me: Identity, sourceLabel: string): string {
  return `${safeLine(me.name)} (@${safeLine(me.handle)}) in ${safeLine(me.workspace)} · ${safeLine(sourceLabel)}`;
}

export function headerLine(me: Identity, sourceLabel: string, width: number): SafeText {
  return clip(safeLine(headerText(me, sourceLabel)), width);
}
