// Types for bench/readme.mjs (the README generator), for the TypeScript test that checks it.
import type { BenchResult } from './types';

export interface StoredResults {
  generatedAt?: string;
  machine?: { node?: string; cpus?: number; cpu?: string; loadAverageAtStart?: number };
  results?: (BenchResult & { bench: string })[];
}

export const RESULTS_PATH: string;
export const README_PATH: string;
export function benchReadme(stored: StoredResults): string;
export function writeBenchReadme(resultsPath?: string, readmePath?: string): void;
