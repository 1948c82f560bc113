// The mark a tree shows while its rows are the offline cache's copy.
import { describe, expect, it } from 'vitest';
import { savedCopyMark } from '../../../extension/offline/saved-copy';
import { savedAgo as updatedAgo } from '../../../shared/offline/saved-ago';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const MIN = 60_000;

describe('saved copy mark', () => {
  it('says how old the copy is in words a person reads at a glance', () => {
    expect(updatedAgo(NOW - 20_000, NOW)).toBe('just now');
    expect(updatedAgo(NOW - 3 * MIN, NOW)).toBe('3 min ago');
    expect(updatedAgo(NOW - 119 * MIN, NOW)).toBe('119 min ago');
    expect(updatedAgo(NOW - 5 * 60 * MIN, NOW)).toBe('5 h ago');
    expect(updatedAgo(NOW - 3 * 24 * 60 * MIN, NOW)).toBe('3 days ago');
    // A clock that went back never shows a negative age.
    expect(updatedAgo(NOW + 5 * MIN, NOW)).toBe('just now');
  });

  it('marks the rows as a saved copy, and says what happens while the service cannot be reached', () => {
    expect(savedCopyMark(NOW - 3 * MIN, true, NOW)).toBe('Saved copy · updated 3 min ago');
    expect(savedCopyMark(NOW - 3 * MIN, false, NOW)).toBe('Saved copy · updated 3 min ago · the service cannot be reached; this refreshes by itself when it answers');
  });
});
