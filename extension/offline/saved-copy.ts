// What a view says while it shows the offline cache's copy instead of the service's answer.
// vscode-free: the unit tests check the words.
import { savedAgo } from '../../shared/index';

/** The view's mark: that the rows are a saved copy, how old, and whether the service can be reached. */
export function savedCopyMark(savedAt: number, reachable: boolean, now: number): string {
  const mark = `Saved copy · updated ${savedAgo(savedAt, now)}`;
  return reachable ? mark : `${mark} · the service cannot be reached; this refreshes by itself when it answers`;
}
