// TUI cold start to a first frame showing the channel list: today (a fresh state folder, the service
// answering) beside a start from the offline cache (the folder of an earlier run, the service stopped).
// From the cache the saved first frame is painted before Ink loads (tui/prepaint.ts); the UI reads
// keys and draws from Ink's own first frame on, measured beside it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from './types';
import { BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { measureLoad } from './support/load';
import { load1, median, nowMs, round } from './support/stats';
import { ensureWscBuilt, startWsc } from './support/wsc-pty';

const STARTS = 10;
const HEADER = 'Alice (@alice) in Bench';

// Ink ends each frame with a line feed before the end of synchronized output; the painted frame sends the cursor home instead.
const INK_FRAME_END = '\n\x1b[?2026l';

/** Milliseconds from spawning `wsc` to a frame holding the header and `channel`, and to Ink's first frame. */
async function startToFrame(url: string, home: string, channel: string): Promise<{ frame: number; ink: number }> {
  const t0 = nowMs();
  const app = startWsc(url, BENCH_TOKENS.alice, { home });
  try {
    const frame = await app.until(() => app.shows(HEADER) && app.shows(channel), { timeoutMs: 30_000, what: `a frame with ${channel}` });
    const ink = await app.until(() => app.output.replace(/\r/g, '').includes(INK_FRAME_END), { timeoutMs: 30_000, what: "Ink's first frame" });
    return { frame: frame - t0, ink: ink - t0 };
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  ensureWscBuilt();
  const fixture = benchFixture({});
  const channel = (fixture.channels as { name: string }[])[0]?.name ?? 'general';
  const service = await startService(fixture);
  const load = measureLoad();
  const today: number[] = [];
  const warmHome = mkdtempSync(join(tmpdir(), 'wsc-bench-offline-'));
  try {
    await startToFrame(service.url, warmHome, channel);
    for (let i = 0; i <= STARTS; i++) {
      const ms = await startToFrame(service.url, mkdtempSync(join(tmpdir(), 'wsc-bench-offline-')), channel);
      if (i > 0) today.push(ms.frame);
    }
  } finally {
    await service.stop();
  }
  const cached: number[] = [];
  const interactive: number[] = [];
  for (let i = 0; i <= STARTS; i++) {
    const ms = await startToFrame(service.url, warmHome, channel);
    if (i > 0) cached.push(ms.frame);
    if (i > 0) interactive.push(ms.ink);
  }
  const figure = median(cached);
  return [
    {
      name: `tui cold start to a first frame with cached channels, service stopped (median of ${STARTS}; ${load.describe()})`,
      value: round(figure),
      unit: 'ms',
      goal: '< 150 ms',
      met: figure < 150,
      load1: load1(),
      reference: { name: 'today: fresh start, service answering', value: round(median(today)), unit: 'ms' },
    },
    {
      name: `tui cold start to Ink's first frame (keys read from here) with cached channels, service stopped (median of ${STARTS})`,
      value: round(median(interactive)),
      unit: 'ms',
      load1: load1(),
    },
  ];
}
