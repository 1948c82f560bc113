// Two V8 settings for the terminal UI's process, set once before Ink, React and the offline store
// load and never changed after (the history is a window now: nothing toggles them around a load):
// - the young generation keeps its first size instead of doubling under bursts of allocation
//   (a frame, a page parsed, a long list), which left it at 16 MB a half;
// - the old generation grows by a fifth after a full collection rather than by up to four times,
//   so garbage from drawing and paging is collected before it piles up.
// Measured (bench/big-lists): peak RSS after the big Tasks and Docs views 151 MB without them, ~105
// with them. On the command line they would need a second process start.
import { setFlagsFromString } from 'node:v8';

export const TUI_V8_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=20'] as const;

export function applyTuiMemoryFlags(): void {
  for (const flag of TUI_V8_FLAGS) setFlagsFromString(flag);
}
