// V8 settings for the terminal UI's process, set at run time before Ink, React and the offline
// store load (these flags take effect then, so the process is not started a second time):
// - the young generation keeps its first size instead of doubling under bursts of allocation
//   (a frame, a page parsed), which left it at 16 MB a half;
// - the old generation grows by a fifth after a full collection rather than by up to four times,
//   so garbage from drawing and paging is collected before it piles up;
// - WebAssembly (SQLite, Ink's layout) stays on the baseline compiler: the optimising tier's
//   compilations of SQLite alone took some 20 MB, and a start's CPU.
// Together they took peak memory with 10,000 messages loaded from ~165 to ~100 MiB (bench/tui).
import { setFlagsFromString } from 'node:v8';
import { keepBaselineOnly } from '../term/store-loading';

const GROWING_PERCENT = 20;
export const TUI_V8_FLAGS = ['--semi-space-growth-factor=1', `--heap-growing-percent=${GROWING_PERCENT}`, '--liftoff-only'] as const;
let applied = false;

export function applyTuiHeapFlags(): void {
  for (const flag of TUI_V8_FLAGS) setFlagsFromString(flag);
  keepBaselineOnly();
  applied = true;
}

/** While a bulk load runs, the old generation grows by this much after a full collection. */
const BULK_GROWING_PERCENT = 100;
let bulkLoads = 0;

/**
 * Runs `load` (every older page of a long history) with the old generation allowed to double
 * between full collections: its live size grows by some 100 MB in seconds, and at a fifth per step
 * that was eight full collections, each marking everything loaded so far on the other core while
 * keys wait for it. The usual growth is back when the last bulk load ends.
 */
export async function duringBulkLoad<T>(load: () => Promise<T>): Promise<T> {
  if (!applied) return load();
  if (bulkLoads++ === 0) setFlagsFromString(`--heap-growing-percent=${BULK_GROWING_PERCENT}`);
  try {
    return await load();
  } finally {
    if (--bulkLoads === 0) setFlagsFromString(`--heap-growing-percent=${GROWING_PERCENT}`);
  }
}
