import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

// V8's flags are the process's: set in a test worker they would change every other test's run, so
// tui/heap-flags.ts is bundled and run in a fresh Node process.
const HEAP_FLAGS = buildSync({ entryPoints: ['tui/heap-flags.ts'], bundle: true, write: false, format: 'cjs', platform: 'node', target: 'node20' }).outputFiles[0]?.text ?? '';

type Where = 'inside' | 'outside' | 'after';

/**
 * How many full collections a heap growing by 1,000,000 kept objects takes, in a process that set
 * the TUI's flags: with the growth `inside` a bulk load, `outside` any, or `after` one has ended.
 */
function fullCollections(where: Where, applied = true): number {
  const script = `
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    const loaded = { exports: {} };
    new Function('module', 'exports', 'require', process.argv[1])(loaded, loaded.exports, require);
    const heapFlags = loaded.exports;
    let majors = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++; }).observe({ entryTypes: ['gc'] });
    if (process.argv[3] === 'yes') heapFlags.applyTuiHeapFlags();
    const kept = [];
    const grow = async (n) => { for (let i = 0; i < n; i++) { kept.push({ id: 'm-' + i, n: i, author: { i } }); if (i % 20000 === 0) await new Promise((r) => setImmediate(r)); } };
    (async () => {
      await grow(200000);
      const where = process.argv[2];
      if (where === 'after') await heapFlags.duringBulkLoad(() => heapFlags.duringBulkLoad(() => grow(1)));
      const before = majors;
      if (where === 'inside') await heapFlags.duringBulkLoad(() => grow(1000000));
      else await grow(1000000);
      await new Promise((r) => setTimeout(r, 50));
      process.stdout.write(String(majors - before));
    })();`;
  return Number(execFileSync(process.execPath, ['-e', script, HEAP_FLAGS, where, applied ? 'yes' : 'no'], { encoding: 'utf8' }));
}

describe('a bulk load of a long history', () => {
  it('takes fewer full collections while it runs, and the usual number once it has ended', () => {
    const outside = fullCollections('outside');
    const inside = fullCollections('inside');
    const after = fullCollections('after');
    // Measured: 8–9 outside, 3 inside, 7–9 after (two busy loops beside the test). Full collections
    // also start on the GC's own timing, so a count may move by one or two: the margins allow it.
    expect(outside - inside).toBeGreaterThanOrEqual(3);
    expect(after - inside).toBeGreaterThanOrEqual(3);
  });

  it('leaves the flags alone in a process that never set the TUI ones', () => {
    expect(Math.abs(fullCollections('inside', false) - fullCollections('outside', false))).toBeLessThanOrEqual(2);
  });
});
