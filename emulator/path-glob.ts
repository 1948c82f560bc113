// Fault path patterns (POST /_emulator/faults `pathPattern`): a plain path prefix, or a glob where
// `*` stands for any run of characters (slashes too). Matched in linear time: a pattern can never
// freeze the service the way a backtracking regular expression can.

/** Whether `path` matches `pattern` (see above); a pattern without `*` is a prefix. */
export function pathMatches(pattern: string, path: string): boolean {
  if (!pattern.includes('*')) return path.startsWith(pattern);
  const parts = pattern.split('*');
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  if (!path.startsWith(first)) return false;
  let at = first.length;
  for (const middle of parts.slice(1, -1)) {
    if (middle === '') continue;
    const found = path.indexOf(middle, at);
    if (found < 0) return false;
    at = found + middle.length;
  }
  return path.length - last.length >= at && path.endsWith(last);
}

/** The longest pattern accepted: a path, not a program. */
export const PATH_PATTERN_MAX = 500;
