// The machine's load while a figure was measured: on a shared 2-core machine a figure means little
// without it. Sampled at the start and end of a measurement; both are put into the figure's name.
import { cpus, loadavg } from 'node:os';

export interface LoadSpan {
  /** "load 3.10→4.02 (1-min avg, 2 cpus)" */
  describe(): string;
}

export function measureLoad(): LoadSpan {
  const start = loadavg()[0] ?? 0;
  return {
    describe: () => `load ${start.toFixed(2)}→${(loadavg()[0] ?? 0).toFixed(2)} (1-min avg, ${cpus().length} cpus)`,
  };
}
