// The offline cache: how fast a cold process gets cached channels and a channel's messages (what the
// TUI's first frame and the extension's trees draw from), and the peak memory it adds holding
// 10,000 cached messages (20 channels of 500).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '../shared/contract';
import { measureLoad } from './support/load';
import { load1, nowMs, round } from './support/stats';
import type { BenchResult } from './types';

const CHANNELS = 20;
const PER_CHANNEL = 500;
const ACCOUNT = { serviceUrl: 'http://bench', workspaceId: 'w', userId: 'u' };

function peakRssBytes(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : process.memoryUsage().rss;
}

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

export async function run(): Promise<BenchResult[]> {
  const load = measureLoad();
  const root = mkdtempSync(join(tmpdir(), 'wsc-bench-cache-'));
  const fillMs = fillInChild(root);
  const before = peakRssBytes();
  const firstStarted = nowMs();
  const { OfflineCache } = await import('../shared/offline/cache-store');
  const moduleMs = nowMs() - firstStarted;
  const cache = OfflineCache.open(root, ACCOUNT);
  const channels = cache.get<unknown[]>('channels');
  const first = cache.messages({ channel: 'c-0' });
  const firstFrameMs = nowMs() - firstStarted;
  if (!channels || first?.value.length !== PER_CHANNEL) throw new Error('the cache did not give back what was kept');

  const addedFirstFrame = peakRssBytes() - before;
  const kept: Message[][] = [];
  for (let c = 0; c < CHANNELS; c += 1) kept.push(cache.messages({ channel: `c-${c}` })?.value ?? []);
  const held = kept.reduce((n, list) => n + list.length, 0);
  const added = peakRssBytes() - before;
  cache.close();
  const MB = 1024 * 1024;
  const where = load.describe();
  return [
    {
      name: `offline cache: added peak RSS (VmHWM) starting on a cache of ${CHANNELS * PER_CHANNEL} messages (channels + one channel's 500; ${where})`,
      value: round(addedFirstFrame / MB, 1),
      unit: 'MB',
      goal: '< 20 MB',
      met: addedFirstFrame < 20 * MB,
      load1: load1(),
    },
    {
      name: `offline cache: open + cached channels + 500 messages of a channel (${where})`,
      value: round(firstFrameMs),
      unit: 'ms',
      goal: 'part of TUI first frame < 150 ms; extension trees < 100 ms',
      met: firstFrameMs < 100,
      load1: load1(),
      reference: { name: 'module import (bundled, already loaded)', value: round(moduleMs), unit: 'ms' },
    },
    { name: `offline cache: keep ${CHANNELS * PER_CHANNEL} messages (${CHANNELS} transactions, child process; ${where})`, value: round(fillMs), unit: 'ms', load1: load1() },
    {
      name: `offline cache: added peak RSS (VmHWM) opening a cache of ${held} messages and holding them all (${where})`,
      value: round(added / MB, 1),
      unit: 'MB',
      load1: load1(),
    },
  ];
}
