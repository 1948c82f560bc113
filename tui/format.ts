// Small text helpers for the terminal UI: every string from the service goes through the shared
// sanitiser before it is measured, clipped or shown. What an Ink <Text> shows is SafeText: clip, fit,
// safeLine or textRow (a lint rule in eslint.config.mjs holds <Text> children to these), and they
// take SafeText only, built with safeLine() or term`…` (shared/markdown/safe-text.ts).
import { isApiError, roomLabel as sharedRoomLabel, sanitizeTerminalLine, term, visibleWidth, type Channel, type RoomReader, type SafeText } from '../shared/index';

export { term, type SafeText } from '../shared/index';

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

/** `HH:MM` for today, else `Mon DD HH:MM`, in local time. */
export function shortTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  if (d.toDateString() === now.toDateString()) return hm;
  return `${d.toLocaleString('en', { month: 'short' })} ${d.getDate()} ${hm}`;
}

/** What a view says while its answer has not come: loading, or (the service cannot be reached) that it is offline and what happens next. */
export function loadingLabel(offline: boolean): string {
  return offline ? 'offline: the service cannot be reached · refreshes when it answers' : 'loading…';
}

/** The shared room label (`#general`, `@Bob Martínez`) made safe for the terminal; '?' for a room not known. */
export function roomLabel(channel: Pick<Channel, 'kind' | 'name'> | undefined, selfName?: RoomReader): string {
  if (!channel) return '?';
  return safeLine(sharedRoomLabel(channel, selfName));
}

/** The room icon as one glyph: the saved emoji, else '☺' for DMs and '#' or '⊡' for channels. */
export function roomIcon(channel: Pick<Channel, 'room_icon' | 'kind' | 'private'>): string {
  const icon = channel.room_icon;
  if (icon?.startsWith('emoji:')) {
    const glyph = safeLine(icon.slice('emoji:'.length).replace(/:#[0-9a-fA-F]{6}$/, ''));
    if (glyph !== '' && visibleWidth(glyph) <= 2) return glyph;
  }
  // Not '@': that is the sidebar's "mentions you" mark, and "@•@" read as nonsense.
  if (channel.kind === 'dm') return '☺';
  return channel.private ? '⊡' : '#';
}

/** What the status line shows for a failure: the API's message and hint, never a stack trace. */
export function describeError(error: unknown): { message: SafeText; hint: SafeText; code: SafeText } {
  if (isApiError(error)) return { message: safeLine(error.message), hint: safeLine(error.hint), code: safeLine(error.code) };
  if (error instanceof Error && 'hint' in error && typeof (error as { hint: unknown }).hint === 'string') {
    return { message: safeLine(error.message), hint: safeLine((error as { hint: string }).hint), code: term`error` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: safeLine(message), hint: term`Try again; if it keeps failing, restart wsc.`, code: term`error` };
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.code === 'unauthorized';
}

/** Network trouble (the service cannot be reached): the UI says "reconnecting…" and keeps trying. */
export function isConnectionLoss(error: unknown): boolean {
  return isApiError(error) && (error.code === 'network_error' || error.status >= 500 || error.code === 'rate_limited');
}
