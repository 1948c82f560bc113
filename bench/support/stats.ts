// Small statistics helpers for the benchmarks.
import { loadavg } from 'node:os';

/** The p-th percentile (0..100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** Rounds to `digits` decimals (figures are printed, not computed on). */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Milliseconds since an origin, with sub-millisecond precision. */
export function nowMs(): number {
  return performance.now();
}

/** The machine's 1-minute load average now (figures on a busy shared machine are noisier). */
export function load1(): number {
  return round(loadavg()[0] ?? Number.NaN);
}

/** The median of the p50s of `blocks` consecutive slices: a floor that one slow stretch cannot move. */
export function medianOfBlockMedians(samples: readonly number[], blocks: number): number {
  const size = Math.max(1, Math.floor(samples.length / blocks));
  const medians: number[] = [];
  for (let i = 0; i + size <= samples.length; i += size) medians.push(median(samples.slice(i, i + size)));
  return median(medians);
}
