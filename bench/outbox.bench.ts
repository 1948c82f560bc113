// A post made while the service cannot be reached, in the terminal UI as a person runs it: the
// built `node dist/wsc.js` in a real pseudo-terminal (node-pty, 100x30), the local service (`wsc
// serve`, its own process) stopped after the channel opened. From writing Enter in the compose box
// to the first bytes of the frame that shows the message as pending (it is in the outbox file by
// then). Side by side: a letter typed into the compose box to the frame that shows it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IPty } from 'node-pty';
import type { BenchResult } from './types';
import { BENCH_TOKENS, benchFixture } from './support/fixture';
import { startService } from './support/service';
import { measureLoad } from './support/load';
import { median, nowMs, percentile, round } from './support/stats';

const ROOT = process.cwd();
const POSTS = 30;
const HEADER = 'Alice (@alice) in Bench';
const loadModule = createRequire(join(ROOT, 'package.json'));
const pty = loadModule('node-pty') as typeof import('node-pty');
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class App {
  output = '';
  readonly proc: IPty;
  readonly home = mkdtempSync(join(tmpdir(), 'wsc-bench-outbox-'));
  private listeners: (() => void)[] = [];

  constructor(url: string) {
    this.proc = pty.spawn(process.execPath, [join(ROOT, 'dist', 'wsc.js')], {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: this.home, XDG_STATE_HOME: this.home, XDG_CONFIG_HOME: this.home, TERM: 'xterm-256color', WSC_URL: url, WSC_TOKEN: BENCH_TOKENS.alice },
    });
    this.proc.onData((d) => {
      this.output += d;
      for (const l of this.listeners.splice(0)) l();
    });
  }

  async waitFor(text: string, since = 0, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!plain(this.output.slice(since)).includes(text)) {
      if (Date.now() > deadline) throw new Error(`wsc did not show "${text}" within ${timeoutMs} ms; screen tail: ${plain(this.output).slice(-800)}`);
      await sleep(20);
    }
  }

  /** Writes `keys`; ms until the output since then shows `text` (null: not within `timeoutMs`). */
  keyToText(keys: string, text: string, timeoutMs = 5_000): Promise<number | null> {
    return new Promise((resolve) => {
      const mark = this.output.length;
      const t0 = nowMs();
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== check);
        resolve(null);
      }, timeoutMs);
      const check = (): void => {
        if (plain(this.output.slice(mark)).includes(text)) {
          clearTimeout(timer);
          resolve(nowMs() - t0);
        } else this.listeners.push(check);
      };
      this.listeners.push(check);
      this.proc.write(keys);
    });
  }

  stop(): void {
    this.proc.kill();
    rmSync(this.home, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(join(ROOT, 'dist', 'wsc.mjs'))) execFileSync(process.execPath, ['esbuild.mjs', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  const service = await startService(benchFixture());
  const app = new App(service.url);
  const load = measureLoad();
  try {
    await app.waitFor(HEADER);
    await app.waitFor('general');
    let mark = app.output.length;
    app.proc.write('\r');
    await app.waitFor('general', mark);
    await sleep(300);
    await service.stop();
    mark = app.output.length;
    app.proc.write('i');
    await app.waitFor('Enter sends', mark);
    await sleep(200);
    const enter: number[] = [];
    const letter: number[] = [];
    let missed = 0;
    for (let i = 0; i < POSTS; i++) {
      const text = `offline note ${i}`;
      for (const ch of text.slice(0, -1)) {
        app.proc.write(ch);
        await sleep(15);
      }
      await sleep(80);
      const typed = await app.keyToText(text.slice(-1), text);
      if (typed !== null && i > 0) letter.push(typed);
      await sleep(80);
      const ms = await app.keyToText('\r', `⋯ pending · Alice: ${text}`);
      if (ms === null) missed++;
      else if (i > 0) enter.push(ms);
      await sleep(120);
    }
    const p95 = percentile(enter, 95);
    return [
      {
        name: `tui offline post: Enter to the pending row, p50 (${enter.length} posts, service stopped)`,
        value: round(percentile(enter, 50)),
        unit: 'ms',
        reference: { name: 'a letter typed to its frame (median)', value: round(median(letter)), unit: 'ms' },
      },
      { name: `tui offline post: Enter to the pending row, p95 (${load.describe()})`, value: round(p95), unit: 'ms', goal: '< 16 ms', met: p95 < 16 },
      { name: 'tui offline post: Enter to the pending row, max', value: round(Math.max(...enter)), unit: 'ms' },
      { name: 'tui offline posts whose pending row never showed (5 s)', value: missed, unit: 'posts', goal: '0', met: missed === 0 },
    ];
  } finally {
    app.stop();
    await service.stop().catch(() => undefined);
  }
}
