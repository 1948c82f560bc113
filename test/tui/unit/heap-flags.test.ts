import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TUI_V8_FLAGS } from '../../../tui/heap-flags';

/**
 * A fresh Node process that sets `flags` at run time (as the TUI's entry does), then allocates in
 * bursts of short-lived objects as drawing frames does; prints the young generation's size in MiB.
 */
function youngGenerationAfterBursts(flags: readonly string[]): number {
  const script = `
    const v8 = require('node:v8');
    for (const flag of JSON.parse(process.argv[1])) v8.setFlagsFromString(flag);
    let keep = [];
    for (let round = 0; round < 200; round++) {
      const burst = [];
      for (let i = 0; i < 20000; i++) burst.push({ i, s: 'row ' + i });
      keep = burst.slice(0, 100);
    }
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(space.space_size / 1048576));`;
  return Number(execFileSync(process.execPath, ['-e', script, JSON.stringify(flags)], { encoding: 'utf8' }));
}

describe("the terminal UI's V8 flags", () => {
  it('take effect when set at run time: the young generation keeps its first size under bursts of allocation', () => {
    const withFlags = youngGenerationAfterBursts(TUI_V8_FLAGS);
    const without = youngGenerationAfterBursts([]);
    expect(without).toBeGreaterThan(withFlags * 2);
    expect(withFlags).toBeLessThanOrEqual(2);
  });
});
