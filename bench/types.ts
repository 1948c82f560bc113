// The protocol every bench/<name>.bench.ts follows: `export async function run(): Promise<BenchResult[]>`.
// bench/run.mjs bundles each file, runs it in its own process and prints/stores these figures.

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
}

export interface BenchResult extends BenchFigure {
  /** The side-by-side reference measured in the same run (e.g. a bare HTTP round trip). */
  reference?: BenchFigure;
  /** The goal in words, e.g. "p99 < 2x floor + 5 ms". */
  goal?: string;
  /** Whether the goal was met (absent when the figure has no goal). */
  met?: boolean;
  /** The machine's 1-minute load average when the figure was measured (support/stats.ts load1). */
  load1?: number;
}
