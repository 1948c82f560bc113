import { describe, expect, it } from 'vitest';
import { TimelineModel, groupKey } from '../../../extension/timeline/timeline-model';
import type { TimelineRow, TimelineRowKind } from '../../../extension/timeline/timeline-protocol';

function row(seq: number, over: Partial<TimelineRow> = {}): TimelineRow {
  return {
    seq,
    name: 'tool.call',
    lane: 'main',
    runtime: 'claude',
    at: '2026-11-21T08:00:00Z',
    kind: 'tool',
    codicon: 'tools',
    glyph: '⚙',
    title: `Tool grep ${seq}`,
    detail: '',
    known: true,
    withheld: false,
    ...over,
  };
}

describe('TimelineModel', () => {
  it('groups by lane and runtime, headers first, rows in seq order', () => {
    const m = new TimelineModel();
    m.append([row(1), row(2, { lane: 'tests' }), row(3), row(4, { runtime: 'codex' })]);
    const items = m.window(0, 100);
    expect(items.map((i) => (i.type === 'group' ? `[${i.lane}/${i.runtime}:${i.matching}]` : i.row.seq))).toEqual([
      '[main/claude:2]',
      1,
      3,
      '[tests/claude:1]',
      2,
      '[main/codex:1]',
      4,
    ]);
    expect(m.size).toBe(7);
    m.layout = 'flat';
    expect(m.window(0, 10).map((i) => (i.type === 'row' ? i.row.seq : -1))).toEqual([1, 2, 3, 4]);
  });

  it('skips rows it already holds (a replay after a resume)', () => {
    const m = new TimelineModel();
    expect(m.append([row(1), row(2)])).toBe(2);
    expect(m.append([row(2), row(3)])).toBe(1);
    expect(m.total).toBe(3);
    expect(m.lastSeq).toBe(3);
  });

  it('windows: a slice in the middle of a group starts with its rows, not its header', () => {
    const m = new TimelineModel();
    m.append(Array.from({ length: 50 }, (_, i) => row(i + 1, { lane: i < 25 ? 'a' : 'b' })));
    // display: [a], 1..25, [b], 26..50
    const slice = m.window(20, 10);
    expect(slice.map((i) => (i.type === 'group' ? i.lane : i.row.seq))).toEqual([20, 21, 22, 23, 24, 25, 'b', 26, 27, 28]);
    expect(m.window(m.size - 2, 10)).toHaveLength(2);
    expect(m.window(m.size + 5, 10)).toHaveLength(0);
  });

  it('filters by kind and text, incrementally for rows that arrive later, and hides empty groups', () => {
    const m = new TimelineModel();
    m.append([row(1), row(2, { kind: 'file', title: 'modified src/search.ts', lane: 'edit' }), row(3, { kind: 'unknown', title: 'future.hologram (v1)', known: false })]);
    m.setFilter({ text: 'SEARCH', kinds: [] });
    expect(m.matching).toBe(1);
    expect(m.window(0, 10).map((i) => (i.type === 'group' ? i.lane : i.row.seq))).toEqual(['edit', 2]);
    m.append([row(4, { kind: 'file', title: 'added search.test.ts', lane: 'edit' }), row(5)]);
    expect(m.matching).toBe(2);
    m.setFilter({ text: '', kinds: ['unknown' as TimelineRowKind] });
    expect(m.window(0, 10).map((i) => (i.type === 'group' ? i.lane : i.row.seq))).toEqual(['main', 3]);
    m.setFilter({ text: '', kinds: [] });
    expect(m.matching).toBe(5);
    expect(m.countOf('file')).toBe(2);
  });

  it('collapses a group to its header and finds a row by seq', () => {
    const m = new TimelineModel();
    m.append([row(1), row(2, { lane: 'b' }), row(3)]);
    m.toggleGroup(groupKey('main', 'claude'));
    expect(m.window(0, 10).map((i) => (i.type === 'group' ? `${i.lane}${i.collapsed ? '+' : ''}` : i.row.seq))).toEqual(['main+', 'b', 2]);
    expect(m.indexOfSeq(2)).toBe(2);
    expect(m.indexOfSeq(3)).toBe(-1);
    expect(m.collapsedKeys()).toEqual([groupKey('main', 'claude')]);
    m.setCollapsed([]);
    expect(m.indexOfSeq(3)).toBe(2);
    expect(m.rowBySeq(2)?.lane).toBe('b');
    expect(m.rowBySeq(9)).toBeUndefined();
  });

  it('holds 100,000 rows and answers a window of 40 without walking them', () => {
    const m = new TimelineModel();
    const lanes = ['main', 'tests', 'docs', 'review'];
    for (let start = 1; start <= 100_000; start += 2_000) {
      m.append(Array.from({ length: 2_000 }, (_, i) => row(start + i, { lane: lanes[(start + i) % 4] as string })));
    }
    expect(m.total).toBe(100_000);
    expect(m.size).toBe(100_004);
    const w = m.window(60_000, 40);
    expect(w).toHaveLength(40);
    m.layout = 'flat';
    expect(m.window(99_990, 40)).toHaveLength(10);
  });
});
