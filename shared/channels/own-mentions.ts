// "@handle" as a mention of that person in message text: not inside a word or an e-mail address
// (`bob@handle.dev`), not followed by more handle characters (`@alice-bot` is not `@alice`). The
// terminal UI marks such a message and the channel panel's webview script the same way (this leaf
// has no imports, so media/ may use it).
export function ownMentionPattern(handle: string): RegExp {
  return new RegExp(`(^|[^\\w@])(@${handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?![\\w-])`, 'gi');
}

/** Whether the text mentions @handle (an empty handle mentions nobody). */
export function mentionsHandle(text: string, handle: string): boolean {
  return handle !== '' && ownMentionPattern(handle).test(text);
}
