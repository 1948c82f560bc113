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

export const TUI_V8_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=20', '--liftoff-only'] as const;

export function applyTuiHeapFlags(): void {
  for (const flag of TUI_V8_FLAGS) setFlagsFromString(flag);
  keepBaselineOnly();
}
