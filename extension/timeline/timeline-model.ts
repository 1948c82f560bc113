/**
 * The timeline's windowed model: every row kept once (by seq), grouped by lane and runtime, with a
 * filter (kinds, text) maintained incrementally as batches arrive. The view asks only for the slice
 * it shows (`window`), so the DOM holds the visible rows and nothing else, at any ledger size.
 * DOM-free and vscode-free: the webview script, the unit tests and the benchmark share it.
 */
import type { TimelineRow, TimelineRowKind } from './timeline-protocol';

export type TimelineLayout = 'grouped' | 'flat';

export interface TimelineFilter {
  /** Case-insensitive; matched against title, detail, event name, lane and runtime. */
  text: string;
  /** Kinds to show; empty means every kind. */
  kinds: readonly TimelineRowKind[];
}

export type DisplayItem =
  | { type: 'group'; key: string; lane: string; runtime: string; matching: number; total: number; collapsed: boolean }
  | { type: 'row'; row: TimelineRow };

interface Group {
  key: string;
  lane: string;
  runtime: string;
  /** Indexes into rows, in seq order. */
  all: number[];
  matching: number[];
  collapsed: boolean;
}

export const EMPTY_FILTER: TimelineFilter = { text: '', kinds: [] };

export function groupKey(lane: string, runtime: string): string {
  return `${lane}\u0000${runtime}`;
}

export class TimelineModel {
  private rows: TimelineRow[] = [];
  /** Lower-cased search text per row, built only once a text search is in use (memory and GC). */
  private haystacks: string[] = [];
  private groups = new Map<string, Group>();
  private groupOrder: Group[] = [];
  private flatMatching: number[] = [];
  private filter: TimelineFilter = EMPTY_FILTER;
  private needle = '';
  private kindSet: ReadonlySet<TimelineRowKind> | null = null;
  private kindCounts = new Map<TimelineRowKind, number>();
  layout: TimelineLayout = 'grouped';

  get total(): number {
    return this.rows.length;
  }

  get matching(): number {
    return this.flatMatching.length;
  }

  get lastSeq(): number {
    return this.rows.length > 0 ? (this.rows[this.rows.length - 1] as TimelineRow).seq : 0;
  }

  countOf(kind: TimelineRowKind): number {
    return this.kindCounts.get(kind) ?? 0;
  }

  get currentFilter(): TimelineFilter {
    return this.filter;
  }

  clear(): void {
    this.rows = [];
    this.haystacks = [];
    this.groups.clear();
    this.groupOrder = [];
    this.flatMatching = [];
    this.kindCounts.clear();
  }

  /**
   * Adds a batch in seq order; rows at or below the last seq held are skipped (a replay after a
   * resume), so the ledger stays ordered and free of repeats. Returns how many were new.
   */
  append(batch: readonly TimelineRow[]): number {
    let added = 0;
    let last = this.lastSeq;
    for (const row of batch) {
      if (this.rows.length > 0 && row.seq <= last) continue;
      last = row.seq;
      const index = this.rows.length;
      this.rows.push(row);
      this.kindCounts.set(row.kind, (this.kindCounts.get(row.kind) ?? 0) + 1);
      const group = this.groupFor(row);
      group.all.push(index);
      if (this.matches(index)) {
        group.matching.push(index);
        this.flatMatching.push(index);
      }
      added += 1;
    }
    return added;
  }

  setFilter(filter: TimelineFilter): void {
    this.filter = { text: filter.text, kinds: [...filter.kinds] };
    this.needle = filter.text.trim().toLowerCase();
    if (this.needle !== '') this.ensureHaystacks();
    this.kindSet = filter.kinds.length > 0 ? new Set(filter.kinds) : null;
    this.flatMatching = [];
    for (const group of this.groupOrder) group.matching = [];
    for (let i = 0; i < this.rows.length; i += 1) {
      if (!this.matches(i)) continue;
      this.flatMatching.push(i);
      this.groupFor(this.rows[i] as TimelineRow).matching.push(i);
    }
  }

  get filtering(): boolean {
    return this.needle !== '' || this.kindSet !== null;
  }

  toggleGroup(key: string): void {
    const group = this.groups.get(key);
    if (group) group.collapsed = !group.collapsed;
  }

  setCollapsed(keys: readonly string[]): void {
    const wanted = new Set(keys);
    for (const group of this.groupOrder) group.collapsed = wanted.has(group.key);
  }

  collapsedKeys(): string[] {
    return this.groupOrder.filter((g) => g.collapsed).map((g) => g.key);
  }

  /** Number of display items (group headers and rows) in the current layout and filter. */
  get size(): number {
    if (this.layout === 'flat') return this.flatMatching.length;
    let size = 0;
    for (const group of this.groupOrder) size += this.groupSize(group);
    return size;
  }

  /** The display items [start, start+count): what the view draws, nothing more. */
  window(start: number, count: number): DisplayItem[] {
    const out: DisplayItem[] = [];
    if (count <= 0) return out;
    const begin = Math.max(0, start);
    if (this.layout === 'flat') {
      const end = Math.min(this.flatMatching.length, begin + count);
      for (let i = begin; i < end; i += 1) out.push({ type: 'row', row: this.rows[this.flatMatching[i] as number] as TimelineRow });
      return out;
    }
    let offset = 0;
    for (const group of this.groupOrder) {
      const size = this.groupSize(group);
      if (size === 0) continue;
      if (offset + size <= begin) {
        offset += size;
        continue;
      }
      // Position inside this group: 0 is the header, 1.. are its rows.
      let local = Math.max(0, begin - offset);
      while (local < size && out.length < count) {
        if (local === 0) out.push(this.header(group));
        else out.push({ type: 'row', row: this.rows[group.matching[local - 1] as number] as TimelineRow });
        local += 1;
      }
      offset += size;
      if (out.length >= count) break;
    }
    return out;
  }

  /** Display index of the row with this seq (or of the first row after it), -1 when none matches. */
  indexOfSeq(seq: number): number {
    if (this.layout === 'flat') return lowerBound(this.flatMatching, (i) => (this.rows[i] as TimelineRow).seq < seq, this.flatMatching.length);
    let offset = 0;
    for (const group of this.groupOrder) {
      const size = this.groupSize(group);
      if (size === 0) continue;
      if (!group.collapsed) {
        const at = lowerBound(group.matching, (i) => (this.rows[i] as TimelineRow).seq < seq, group.matching.length);
        if (at < group.matching.length && (this.rows[group.matching[at] as number] as TimelineRow).seq === seq) return offset + 1 + at;
      }
      offset += size;
    }
    return -1;
  }

  rowBySeq(seq: number): TimelineRow | undefined {
    const at = lowerBoundIndex(this.rows.length, (i) => (this.rows[i] as TimelineRow).seq < seq);
    const row = this.rows[at];
    return row && row.seq === seq ? row : undefined;
  }

  private groupSize(group: Group): number {
    if (group.matching.length === 0 && this.filtering) return 0;
    return 1 + (group.collapsed ? 0 : group.matching.length);
  }

  private header(group: Group): DisplayItem {
    return { type: 'group', key: group.key, lane: group.lane, runtime: group.runtime, matching: group.matching.length, total: group.all.length, collapsed: group.collapsed };
  }

  private groupFor(row: TimelineRow): Group {
    const key = groupKey(row.lane, row.runtime);
    let group = this.groups.get(key);
    if (!group) {
      group = { key, lane: row.lane, runtime: row.runtime, all: [], matching: [], collapsed: false };
      this.groups.set(key, group);
      this.groupOrder.push(group);
    }
    return group;
  }

  private ensureHaystacks(): void {
    for (let i = this.haystacks.length; i < this.rows.length; i += 1) this.haystacks.push(haystackOf(this.rows[i] as TimelineRow));
  }

  private matches(index: number): boolean {
    const row = this.rows[index] as TimelineRow;
    if (this.kindSet && !this.kindSet.has(row.kind)) return false;
    if (this.needle === '') return true;
    if (index >= this.haystacks.length) this.ensureHaystacks();
    return (this.haystacks[index] as string).includes(this.needle);
  }
}

function haystackOf(row: TimelineRow): string {
  return `${row.title}\n${row.detail}\n${row.name}\n${row.lane}\n${row.runtime}`.toLowerCase();
}

/** First position in [0, length) where `before` is false (the array is sorted by that predicate). */
function lowerBound(list: readonly number[], before: (value: number) => boolean, length: number): number {
  return lowerBoundIndex(length, (i) => before(list[i] as number));
}

function lowerBoundIndex(length: number, before: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
