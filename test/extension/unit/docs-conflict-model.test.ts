import { describe, expect, it } from 'vitest';
import { BaseVersions } from '../../../extension/docs/base-versions';
import { resolveConflict } from '../../../extension/docs/conflict-choice';
import { hasConflictMarkers } from '../../../shared';
import { PENDING_CONFLICTS_KEY, PendingConflicts, type PendingConflict } from '../../../extension/docs/pending-conflicts';
import { MemoryKeyValueStore } from '../../support/memory-store';

const conflict = (over: Partial<PendingConflict> = {}): PendingConflict => ({
  docId: 'd1',
  title: 'Notes',
  kind: 'conflict',
  mine: 'a\nMINE\nc\n',
  base: { body: 'a\nb\nc\n', updated_at: '2025-01-01T00:00:00.000001Z' },
  theirs: { body: 'a\nTHEIRS\nc\n', updated_at: '2025-01-01T00:00:05.000001Z' },
  merged: 'a\n<<<<<<< mine\nMINE\n=======\nTHEIRS\n>>>>>>> theirs\nc\n',
  at: '2025-01-01T00:00:06.000Z',
  ...over,
});

describe('base versions', () => {
  it('tracks the version each doc editor holds', () => {
    const bases = new BaseVersions();
    expect(bases.get('d1')).toBeUndefined();
    bases.set('d1', { body: 'x', updated_at: '2025-01-01T00:00:00.000001Z' });
    expect(bases.get('d1')).toEqual({ body: 'x', updated_at: '2025-01-01T00:00:00.000001Z' });
    bases.set('d1', { body: 'y', updated_at: '2025-01-02T00:00:00.000001Z' });
    expect(bases.get('d1')?.body).toBe('y');
    bases.delete('d1');
    expect(bases.get('d1')).toBeUndefined();
  });
});

describe('pending conflicts (persisted until resolved)', () => {
  it('survives a new store instance over the same storage (a reload)', async () => {
    const storage = new MemoryKeyValueStore();
    await new PendingConflicts(storage).put(conflict());
    const afterReload = new PendingConflicts(storage);
    expect(afterReload.get('d1')).toEqual(conflict());
    expect(afterReload.all()).toHaveLength(1);
  });

  it('replaces a doc’s record and removes it by id', async () => {
    const store = new PendingConflicts(new MemoryKeyValueStore());
    await store.put(conflict());
    await store.put(conflict({ docId: 'd2' }));
    await store.put(conflict({ mine: 'newer mine' }));
    expect(store.all().map((p) => [p.docId, p.mine])).toEqual([
      ['d2', conflict().mine],
      ['d1', 'newer mine'],
    ]);
    await store.remove('d1');
    expect(store.get('d1')).toBeUndefined();
    expect(store.all()).toHaveLength(1);
  });

  it('keeps concurrent writes (no lost update between two quick puts)', async () => {
    const store = new PendingConflicts(new MemoryKeyValueStore());
    await Promise.all([store.put(conflict({ docId: 'a' })), store.put(conflict({ docId: 'b' })), store.put(conflict({ docId: 'c' }))]);
    expect(store.all().map((p) => p.docId).sort()).toEqual(['a', 'b', 'c']);
  });

  it('skips damaged entries instead of throwing', async () => {
    const storage = new MemoryKeyValueStore();
    await storage.update(PENDING_CONFLICTS_KEY, [{ docId: 'x' }, 42, conflict()]);
    expect(new PendingConflicts(storage).all()).toEqual([conflict()]);
    await storage.update(PENDING_CONFLICTS_KEY, 'garbage');
    expect(new PendingConflicts(storage).all()).toEqual([]);
  });
});

describe('conflict choices', () => {
  it('take merged: a clean merge saves at once; a conflicting one goes to the editor with markers', () => {
    const clean = conflict({ kind: 'merged_clean', merged: 'merged text' });
    expect(resolveConflict(clean, 'take_merged')).toEqual({ text: 'merged text', base: clean.theirs, saveNow: true });
    const c = conflict();
    expect(resolveConflict(c, 'take_merged')).toEqual({ text: c.merged, base: c.theirs, saveNow: false });
  });

  it('keep mine overwrites deliberately, still compared against theirs', () => {
    const c = conflict();
    expect(resolveConflict(c, 'keep_mine')).toEqual({ text: c.mine, base: c.theirs, saveNow: true });
  });

  it('discard mine takes theirs', () => {
    const c = conflict();
    expect(resolveConflict(c, 'discard_mine')).toEqual({ text: c.theirs.body, base: c.theirs, saveNow: true });
  });

  it('detects whole git-style conflict blocks only', () => {
    expect(hasConflictMarkers(conflict().merged)).toBe(true);
    expect(hasConflictMarkers('a\n=======\nb')).toBe(false);
    expect(hasConflictMarkers('# Title\n\n<<<<<<<< not eight\n')).toBe(false);
  });
});
