// The terminal UI's text rules for one line (tui/format.ts re-exports them): every string from the
// service goes through the shared sanitiser before it is measured, clipped or shown. Apart from
// format.ts so the saved first frame can be drawn with them before the UI loads (tui/prepaint.ts).
import { roomLabel as sharedRoomLabel, sanitizeTerminalLine, term, visibleWidth, type Channel, type RoomReader, type SafeText } from '../shared/prepaint';

export { term, type SafeText };

/** Cuts a one-line string to `width` columns (wide characters count two), adding '…' when cut. */
export function clip(text: SafeText, width: number): SafeText {
  if (width <= 0) return term``;
  if (visibleWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = visibleWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  // Cutting safe text leaves safe text.
  return safeLine(`${out}…`);
}

/** Pads (or clips) to exactly `width` columns. */
export function fit(text: SafeText, width: number): SafeText {
  const clipped = clip(text, width);
  return safeLine(clipped + ' '.repeat(Math.max(0, width - visibleWidth(clipped))));
}

/** One safe line of server text. */
export function safeLine(text: string): SafeText {
  return sanitizeTerminalLine(text);
}

/** A row of already safe (possibly styled) text for a <Text>; an empty row keeps its height. */
export function textRow(text: SafeText): SafeText {
  return text === '' ? term` ` : text;
}

/** The shared room label (`#general`, `@Bob Martínez`) made safe for the terminal; '?' for a room not known. */
export function roomLabel(channel: Pick<Channel, 'kind' | 'name'> | undefined, selfName?: RoomReader): string {
  if (!channel) return '?';
  return safeLine(sharedRoomLabel(channel, selfName));
}

/** The room icon as one glyph: the saved emoji, else '☺' for DMs and '#' or '⊡' for channels. */
/** The room's own emoji and a space, or nothing when it has none (a heading then shows its label alone). */
export function customRoomIcon(channel: Pick<Channel, 'room_icon'>): string {
  const icon = channel.room_icon;
  if (!icon?.startsWith('emoji:')) return '';
  const glyph = safeLine(icon.slice('emoji:'.length).replace(/:#[0-9a-fA-F]{6}$/, ''));
  return glyph !== '' && visibleWidth(glyph) <= 2 ? `${glyph} ` : '';
}

export function roomIcon(channel: Pick<Channel, 'room_icon' | 'kind' | 'private'>): string {
  const custom = customRoomIcon(channel);
  if (custom !== '') return custom.trimEnd();
  // Not '@': that is the sidebar's "mentions you" mark, and "@•@" read as nonsense.
  if (channel.kind === 'dm') return '☺';
  return channel.private ? '⊡' : '#';
}

