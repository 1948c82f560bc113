// Whether a text still holds an unresolved git-style conflict block (<<<<<<< … ======= … >>>>>>>),
// as threeWayMerge writes them. Every face refuses to save such a text. A whole block is needed: a
// Markdown setext heading underlined with exactly seven `=` is not a conflict.
const MARKER_START = /^<{7}( |$)/m;
const MARKER_MIDDLE = /^={7}$/m;
const MARKER_END = /^>{7}( |$)/m;

export function hasConflictMarkers(text: string): boolean {
  return MARKER_START.test(text) && MARKER_MIDDLE.test(text) && MARKER_END.test(text);
}
