// The offline cache: how fast a cold process gets cached channels and a channel's messages (what the
// TUI's first frame and the extension's trees draw from), and the peak memory it adds holding
// 10,000 cached messages (20 channels of 500), loading the store as the terminal UI does
// (term/store-loading.ts: native SQLite), beside the WebAssembly build the editor loads.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '../shared/contract';
import { measureLoad } from './support/load';
import { load1, nowMs, round } from './support/stats';
import type { BenchResult } from './types';

const CHANNELS = 20;
const PER_CHANNEL = 500;
const ROOT = process.cwd();
// Loaded from node_modules when run (esbuild's API does not survive being bundled).
const { buildSync } = createRequire(join(ROOT, 'package.json'))('esbuild') as typeof import('esbuild');
const ACCOUNT = { serviceUrl: 'http://bench', workspaceId: 'w', userId: 'u' };

function message(channel: number, i: number): Message {
  return {
    id: `m-${channel}-${i}`,
    channel_id: `c-${channel}`,
    parent_id: null,
    author: { id: 'u', kind: 'person', name: 'Bench Person', handle: 'bench' },
    body: `Message ${i} in channel ${channel}: a line of ordinary length, about as long as people write in chat.`,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    edited_at: null,
    via: null,
    reply_count: 0,
    url: `https://example.test/m/${i}`,
  };
}

/** Fills a cache in `root` (run in a child process, so its own peak does not count below). */
export async function fill(root: string): Promise<number> {
  const { OfflineCache } = await import('../shared/offline/cache-store');
  const cache = OfflineCache.open(root, ACCOUNT);
  const started = nowMs();
  cache.put('channels', '', Array.from({ length: CHANNELS }, (_, c) => ({ id: `c-${c}`, name: `channel-${c}` })));
  for (let c = 0; c < CHANNELS; c += 1) cache.putMessages({ channel: `c-${c}` }, Array.from({ length: PER_CHANNEL }, (_, i) => message(c, i)));
  const ms = nowMs() - started;
  cache.close();
  return ms;
}

function fillInChild(root: string): number {
  const script = `const m = await import(${JSON.stringify(import.meta.url)}); process.stdout.write(String(await m.fill(${JSON.stringify(root)})));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

interface FirstFrameFigures {
  addedFirstFrame: number;
  firstFrameMs: number;
  moduleMs: number;
  addedAll: number;
  held: number;
  engine: 'wasm' | 'native';
}

/** Builds support/cache-first-frame.ts with code splitting: the store's module (and SQLite) load when that script imports them. */
function buildFirstFrameScript(): string {
  const outdir = mkdtempSync(join(tmpdir(), 'wsc-bench-cache-script-'));
  buildSync({
    entryPoints: { 'first-frame': join(ROOT, 'bench', 'support', 'cache-first-frame.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    outdir,
    outExtension: { '.js': '.mjs' },
    external: ['node-sqlite3-wasm', 'better-sqlite3'],
    banner: { js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  // The script is outside the checkout: it finds the SQLite packages through this link.
  symlinkSync(join(ROOT, 'node_modules'), join(outdir, 'node_modules'));
  return join(outdir, 'first-frame.mjs');
}

function firstFrameInChild(script: string, root: string, how: 'tui' | 'plain'): FirstFrameFigures {
  return JSON.parse(execFileSync(process.execPath, [script, root, how, String(CHANNELS), String(PER_CHANNEL)], { encoding: 'utf8' })) as FirstFrameFigures;
}

// Each figure comes from a fresh process that loads the store itself: the added peak includes
// compiling SQLite, as it does in the terminal UI (a module already loaded by this bench would not).
export async function run(): Promise<BenchResult[]> {
  const load = measureLoad();
  const root = mkdtempSync(join(tmpdir(), 'wsc-bench-cache-'));
  const fillMs = fillInChild(root);
  const script = buildFirstFrameScript();
  const plain = firstFrameInChild(script, root, 'plain');
  const tui = firstFrameInChild(script, root, 'tui');
  if (tui.engine !== 'native' || plain.engine !== 'wasm') throw new Error(`offline-cache bench: the terminal's store ran on ${tui.engine} SQLite, the plain one on ${plain.engine}`);
  const MB = 1024 * 1024;
  const where = load.describe();
  return [
    {
      name: `offline cache: added peak RSS (VmHWM) starting on a cache of ${CHANNELS * PER_CHANNEL} messages (channels + one channel's 500, loading SQLite included, fresh process; ${where})`,
      value: round(tui.addedFirstFrame / MB, 1),
      unit: 'MB',
      goal: '< 20 MB',
      met: tui.addedFirstFrame < 20 * MB,
      load1: load1(),
      reference: { name: 'SQLite as WebAssembly (the editor; the terminal before)', value: round(plain.addedFirstFrame / MB, 1), unit: 'MB' },
    },
    {
      name: `offline cache: load the store + open + cached channels + 500 messages of a channel (fresh process; ${where})`,
      value: round(tui.firstFrameMs),
      unit: 'ms',
      goal: 'part of TUI first frame < 150 ms; extension trees < 100 ms',
      met: tui.firstFrameMs < 100,
      load1: load1(),
      reference: { name: 'of which loading the store (SQLite loaded)', value: round(tui.moduleMs), unit: 'ms' },
    },
    { name: `offline cache: keep ${CHANNELS * PER_CHANNEL} messages (${CHANNELS} transactions, child process; ${where})`, value: round(fillMs), unit: 'ms', load1: load1() },
    {
      name: `offline cache: added peak RSS (VmHWM) opening a cache of ${tui.held} messages and holding them all (${where})`,
      value: round(tui.addedAll / MB, 1),
      unit: 'MB',
      load1: load1(),
      reference: { name: 'SQLite as WebAssembly (the editor; the terminal before)', value: round(plain.addedAll / MB, 1), unit: 'MB' },
    },
  ];
}
