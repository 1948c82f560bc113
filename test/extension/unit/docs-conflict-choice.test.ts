// Which waiting conflict "Resolve Conflict" opens (extension/docs/conflict-choice-flow.ts).
import { describe, expect, it } from 'vitest';
import { conflictToResolve, noConflictWaiting } from '../../../extension/docs/conflict-choice-flow';
import type { PendingConflict } from '../../../extension/docs/pending-conflicts';
import { scripted } from '../../support/scripted-questions';

const conflict = (docId: string): PendingConflict => ({
  docId,
  title: `Doc ${docId}`,
  kind: 'conflict',
  mine: 'mine',
  base: { body: 'base', updated_at: '2026-11-23T00:00:00Z' },
  theirs: { body: 'theirs', updated_at: '2026-11-23T01:00:00Z' },
  merged: 'merged',
  at: '2026-11-24T00:00:00Z',
});

describe('conflictToResolve', () => {
  it('none waiting: says every save went through', async () => {
    const q = scripted();
    expect(await conflictToResolve([], undefined, q.ask)).toBeUndefined();
    expect(q.notified).toEqual([noConflictWaiting()]);
  });

  it('the named one, else the only one, without asking', async () => {
    const q = scripted();
    const [a, b] = [conflict('a'), conflict('b')];
    expect(await conflictToResolve([a, b], { docId: 'b' }, q.ask)).toBe(b);
    expect(await conflictToResolve([a], { docId: 'zzz' }, q.ask)).toBe(a);
    expect(q.offered).toEqual([]);
  });

  it('several: the person picks by title; cancelling resolves nothing', async () => {
    const all = [conflict('a'), conflict('b')];
    const q = scripted(['Doc b']);
    expect(await conflictToResolve(all, undefined, q.ask)).toBe(all[1]);
    expect(q.offered.map((o) => o.items.map((i) => i.label))).toEqual([['Doc a', 'Doc b']]);
    expect(await conflictToResolve(all, undefined, scripted().ask)).toBeUndefined();
  });
});
