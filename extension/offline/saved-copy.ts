// What a view says while it shows the offline cache's copy instead of the service's answer.
// vscode-free: the unit tests check the words.

/** "just now", "3 min ago", "2 h ago", "4 days ago" for a time the copy was saved. */
export function updatedAgo(savedAt: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - savedAt) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

/** The view's mark: that the rows are a saved copy, how old, and whether the service can be reached. */
export function savedCopyMark(savedAt: number, reachable: boolean, now: number): string {
  const mark = `Saved copy · updated ${updatedAgo(savedAt, now)}`;
  return reachable ? mark : `${mark} · the service cannot be reached; this refreshes by itself when it answers`;
}
