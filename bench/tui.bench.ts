// The terminal UI as a person runs it: the built `node dist/wsc.js` in a real pseudo-terminal
// (node-pty, 100x30, colour on) against the local service (`wsc serve`, its own process) on
// loopback, with a 10,000-message channel.
// - Cold start: from spawning the process to the first bytes that show the header (who, workspace);
//   median of several fresh starts.
// - Keystroke to frame: in the open 10,000-message channel, from its oldest message (`g`), j/k and
//   arrow keys one at a time, > 40 ms apart (Ink draws at most ~30 frames a second), down across
//   the window's page edges and back; from writing the key to the first bytes of the frame that
//   answers it.
// - Peak resident memory: VmHWM of the app process (the kernel's high-water mark of its resident
//   set, not a snapshot) after the whole run on a channel; with 10,000, 100,000 and 1,000,000 messages.
// - `g` in a long channel (100,000 and 1,000,000 messages): from writing `g` at the newest message
//   to the first frame with the oldest selected; `G` back likewise.
// - Keystrokes while g loads: `g` pressed at the newest message, the compose box focused 50 ms
//   later, then letters and backspaces typed, one at a time, > 40 ms apart; from writing the key to
//   the first bytes of the frame whose compose line shows the text with that key applied. The
//   oldest page loads during the first keys (the window reads one page, not the history).
// - Scrolling through page edges: from the oldest message, j one at a time down 240 messages, each
//   100th reading the next page; key to its first frame.
// - Pasted line + Enter: in the 10,000-message channel, a 200-character line written to the compose
//   box at once (as a terminal delivers a paste), Enter as soon as the compose box shows it, until the
//   sent message is in the list (its last word on screen: the one-line compose box never shows it);
//   median of several.
import type { BenchResult } from './types';
import type { WscPty } from '../test/support/pty/wsc';
import { PtyTerminal } from '../test/support/pty/terminal';
import { BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { measureLoad } from './support/load';
import { median, nowMs, percentile, round } from './support/stats';
import { ROOT, ensureWscBuilt, startWsc, stopWsc } from './support/wsc-pty';

const MESSAGES = 10_000;
const LONG_CHANNELS = [100_000, 1_000_000] as const;
const TYPED_KEYS = 60;
const SCROLL_KEYS = 240;
const COLD_STARTS = 9;
const KEYSTROKES = 240;
const KEY_SPACING_MS = 60;
const HEADER = 'Alice (@alice) in Bench';

const startApp = (url: string): WscPty => startWsc(url, BENCH_TOKENS.alice);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PASTES = 5;

/**
 * Focuses the compose box, writes a 200-character line at once and Enter when the box shows it;
 * resolves with the ms from the paste to the first frame showing the line's last word in the list.
 */
async function pasteAndSend(app: WscPty, n: number): Promise<number> {
  app.write('i');
  await sleep(150);
  const marker = `pasted-${n}-end`;
  const line = `${'lorem ipsum dolor sit amet '.repeat(8)}`.slice(0, 200 - marker.length - 1) + ' ' + marker;
  const mark = app.mark();
  const t0 = nowMs();
  app.write(line);
  await app.until(() => app.shows(`▌ ${line.slice(0, 40)}`, mark), { timeoutMs: 10_000, what: 'the pasted line in the compose box' });
  const sent = app.mark();
  app.write('\r');
  const shown = await app.until(() => app.shows(marker, sent), { timeoutMs: 10_000, what: 'the sent line in the list' });
  const ms = shown - t0;
  app.write('\x1b');
  await sleep(150);
  return ms;
}
const MB = 1_000_000 / (1024 * 1024);

/** Keys one at a time, > 40 ms apart: each key's ms to its first frame. */
async function keyLatencies(app: WscPty, keys: readonly string[]): Promise<{ latencies: number[]; missed: number }> {
  const latencies: number[] = [];
  let missed = 0;
  for (const key of keys) {
    const ms = await app.keyToFrame(key);
    if (ms === null) missed++;
    else latencies.push(ms);
    await sleep(KEY_SPACING_MS);
  }
  return { latencies, missed };
}

/** Opens 'big', the second channel (the sidebar starts on the first), and waits for `newest` in it. */
async function openBig(app: WscPty, newest: string): Promise<void> {
  await app.waitFor('big');
  app.write('j');
  await sleep(100);
  const mark = app.mark();
  app.write('\r');
  await app.waitFor(newest, { since: mark });
}

/** Opens an n-message channel: g to the oldest, scrolls down across page edges, G, then g again while typing. */
async function longChannel(messages: number): Promise<BenchResult[]> {
  const serviceStart = nowMs();
  const service = await startService(benchFixture({ bigChannelMessages: messages }), [], { startTimeoutMs: 600_000 });
  const serviceMs = nowMs() - serviceStart;
  const app = startApp(service.url);
  const oldest = '▌  Message 0:';
  const newest = `▌  Message ${messages - 1}:`;
  try {
    await openBig(app, newest);
    await sleep(300);

    const load = measureLoad();
    const gMs = await app.keyToText('g', oldest, 30_000);
    await sleep(300);
    const scrolled = await keyLatencies(app, Array.from({ length: SCROLL_KEYS }, () => 'j'));
    await app.waitFor(`▌  Message ${SCROLL_KEYS}:`);
    const bigGMs = await app.keyToText('G', newest, 30_000);
    await sleep(300);

    // g again from the newest, and the compose box at once: keys typed while the oldest page loads.
    const mark = app.mark();
    const typingLoad = measureLoad();
    app.write('g');
    await sleep(50);
    app.write('i');
    await app.waitFor('▌ ▏', { since: mark });
    const latencies: number[] = [];
    let missed = 0;
    let text = '';
    const letters = 'QWERTYUIOPASDFGHJKLZXCVBNM';
    for (let k = 0; k < TYPED_KEYS; k++) {
      // 30 letters, then 30 backspaces: every answer's compose line is new, so no earlier frame matches.
      const typing = k % 60 < 30;
      const key = typing ? (letters[text.length % letters.length] as string) : '\x7f';
      text = typing ? text + key : text.slice(0, -1);
      const ms = await app.keyToText(key, `▌ ${text}▏`);
      if (ms === null) missed++;
      else latencies.push(ms);
      await sleep(KEY_SPACING_MS);
    }
    await app.waitFor('│  Message 0:', { since: mark });
    await sleep(500);
    const peak = app.peakRssMiB();
    const p95 = percentile(latencies, 95);
    const scrollP95 = percentile(scrolled.latencies, 95);
    const n = messages.toLocaleString('en-US');
    const rssGoal = messages >= 1_000_000 ? 150 : 139;
    return [
      { name: `tui service start with ${n} messages (written by the service: fixture messageRuns)`, value: round(serviceMs), unit: 'ms' },
      { name: `tui g to the oldest message, key to the frame showing it (${n} messages; ${load.describe()})`, value: round(gMs ?? Number.NaN), unit: 'ms', goal: '< 1000 ms', met: gMs !== null && gMs < 1_000 },
      { name: `tui G back to the newest message, key to the frame showing it (${n} messages)`, value: round(bigGMs ?? Number.NaN), unit: 'ms' },
      { name: `tui keystroke to frame p50 while g loads (${n} messages, ${latencies.length} keys typed from g on; ${typingLoad.describe()})`, value: round(percentile(latencies, 50)), unit: 'ms' },
      {
        name: `tui keystroke to frame p95 while g loads (${n} messages, ${latencies.length} keys typed from g on; ${typingLoad.describe()})`,
        value: round(p95),
        unit: 'ms',
        goal: '< 16 ms (≥ 20 keys)',
        met: p95 < 16 && missed === 0 && latencies.length >= 20,
      },
      { name: `tui keystroke to frame max while g loads (${n} messages)`, value: round(Math.max(...latencies)), unit: 'ms' },
      { name: `tui keystrokes without their frame within 5 s while g loads (${n} messages)`, value: missed, unit: 'keys', goal: '0', met: missed === 0 },
      {
        name: `tui keystroke to frame p95 scrolling from the oldest across page edges (${n} messages, ${scrolled.latencies.length} keys; ${load.describe()})`,
        value: round(scrollP95),
        unit: 'ms',
        goal: '< 16 ms',
        met: scrollP95 < 16 && scrolled.missed === 0,
      },
      {
        name: `tui peak resident memory, VmHWM (${n} messages: g, scrolled, G, g while typing; ${load.describe()})`,
        value: round(peak, 1),
        unit: 'MiB',
        reference: { name: 'in MB', value: round(peak / MB, 1), unit: 'MB' },
        goal: `< ${rssGoal} MB`,
        met: peak / MB < rssGoal,
      },
    ];
  } finally {
    await stopWsc(app);
    await service.stop();
  }
}

async function startsAndTenThousand(): Promise<BenchResult[]> {
  ensureWscBuilt();
  const service = await startService(benchFixture({ bigChannelMessages: MESSAGES }));
  const load = measureLoad();
  try {
    // Cold start: a fresh process each time; the first start (disk cache) is not counted.
    const starts: number[] = [];
    for (let i = 0; i <= COLD_STARTS; i++) {
      const t0 = nowMs();
      const app = startApp(service.url);
      const shown = await app.until(() => app.shows(HEADER), { what: HEADER });
      if (i > 0) starts.push(shown - t0);
      await stopWsc(app);
    }
    // The same for a bare `node -e ''` in a pty: what Node itself costs before any of our code.
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = nowMs();
      const p = new PtyTerminal({ file: process.execPath, args: ['-e', "process.stdout.write('up')"], cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
      bare.push((await p.until(() => p.output.length > 0, { what: 'the first bytes' })) - t0);
      await p.exited;
    }

    const app = startApp(service.url);
    try {
      await openBig(app, 'Message 9999:');
      const gMs = await app.keyToText('g', '▌  Message 0:', 30_000);
      await sleep(200);

      // Down from the first message and back up, alternating letter and arrow keys (the window reads
      // the page after its bottom on the way down).
      const keys: string[] = [];
      for (let i = 0; i < KEYSTROKES / 2; i++) keys.push(i % 2 === 0 ? 'j' : '\x1b[B');
      for (let i = 0; i < KEYSTROKES / 2; i++) keys.push(i % 2 === 0 ? 'k' : '\x1b[A');
      const latencies: number[] = [];
      let missed = 0;
      for (let i = 0; i < 10; i++) {
        await app.keyToFrame(i % 2 === 0 ? 'j' : 'k');
        await sleep(KEY_SPACING_MS);
      }
      for (const key of keys) {
        const ms = await app.keyToFrame(key);
        if (ms === null) missed++;
        else latencies.push(ms);
        await sleep(KEY_SPACING_MS);
      }
      // Scroll through the rest with PgDn so every part of the channel has been drawn once.
      for (let i = 0; i < 60; i++) {
        await app.keyToFrame('\x1b[6~');
        await sleep(KEY_SPACING_MS);
      }
      await app.keyToFrame('G');
      await sleep(500);
      const rss = app.peakRssMiB();
      const p95 = percentile(latencies, 95);
      const pasteLoad = measureLoad();
      const pastes: number[] = [];
      for (let i = 0; i < PASTES; i++) pastes.push(await pasteAndSend(app, i));
      await sleep(200);
      return [
        {
          name: 'tui cold start to first frame (median)',
          value: round(median(starts)),
          unit: 'ms',
          reference: { name: 'bare node in a pty', value: round(median(bare)), unit: 'ms' },
          goal: '< 400 ms',
          met: median(starts) < 400,
        },
        { name: 'tui cold start to first frame (max)', value: round(Math.max(...starts)), unit: 'ms' },
        { name: `tui keystroke to frame p50 (${MESSAGES} messages)`, value: round(percentile(latencies, 50)), unit: 'ms' },
        {
          name: `tui keystroke to frame p95 (${MESSAGES} messages, ${latencies.length} keys; ${load.describe()})`,
          value: round(p95),
          unit: 'ms',
          goal: '< 16 ms',
          met: p95 < 16 && missed === 0,
        },
        { name: 'tui keystrokes without a frame', value: missed, unit: 'keys', goal: '0', met: missed === 0 },
        { name: `tui g to the oldest message, key to the frame showing it (${MESSAGES} messages)`, value: round(gMs ?? Number.NaN), unit: 'ms' },
        {
          name: `tui pasted 200-character line + Enter to the message on screen, median of ${PASTES} (${MESSAGES} messages; ${pasteLoad.describe()})`,
          value: round(median(pastes)),
          unit: 'ms',
          goal: '< 150 ms',
          met: median(pastes) < 150,
        },
        { name: 'tui pasted line + Enter to the message on screen (max)', value: round(Math.max(...pastes)), unit: 'ms' },
        {
          name: `tui peak resident memory, VmHWM (${MESSAGES} messages loaded and scrolled; ${load.describe()})`,
          value: round(rss, 1),
          unit: 'MiB',
          reference: { name: 'in MB', value: round(rss / MB, 1), unit: 'MB' },
          goal: '< 120 MB',
          met: rss / MB < 120,
        },
      ];
    } finally {
      await stopWsc(app);
    }
  } finally {
    await service.stop();
  }
}

export async function run(): Promise<BenchResult[]> {
  const results = await startsAndTenThousand();
  for (const messages of LONG_CHANNELS) results.push(...(await longChannel(messages)));
  return results;
}
