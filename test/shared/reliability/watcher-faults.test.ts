// The mention watcher under faults: mike posts 500 mentions of @maria while the local service (a
// real `wsc serve --data` process) restarts twice on the same port and answers three bursts of 5xx.
// maria's mention feed (shared startMentionFeed: long-poll + doorbell) must emit every one exactly
// once, in order. Build first (`node esbuild.mjs`; `npm test` does).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, MemoryCursorStore, startMentionFeed, type MentionRow } from '../../../shared';
import { spawnEmulator, type TestEmulator } from '../../support/emulator';
import { IDS, TOKENS } from '../support/reliability';

const MENTIONS = 500;
const PREFIX = '@maria fault-mention #';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(join(tmpdir(), 'wsc-reliability-'));
let service: TestEmulator | undefined;
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the mention watcher under restarts and 5xx bursts', () => {
  it('500 mentions, two restarts with --data, three 5xx bursts -> each mention once, in order', { timeout: 60_000 }, async () => {
    const dataFile = join(dir, 'workspace.sqlite');
    service = await spawnEmulator({ dataFile });
    const baseUrl = service.url;
    const port = new URL(baseUrl).port;
    const restart = async () => {
      await service?.stop();
      service = await spawnEmulator({ dataFile, args: ['--port', port] });
    };

    const mike = new Client({ baseUrl, token: TOKENS.mike, clientName: 'poster', retry: { maxAttempts: 3, baseMs: 10, capMs: 50 } });
    const maria = new Client({ baseUrl, token: TOKENS.maria, clientName: 'watcher', retry: { maxAttempts: 2, baseMs: 10, capMs: 50 } });
    const feed = startMentionFeed({ client: maria, cursorStore: new MemoryCursorStore<string>(), backoff: { baseMs: 20, maxMs: 250 } });
    const received: MentionRow[] = [];
    let errors = 0;
    const watching = feed.watcher.run({
      onMention: (row) => {
        if (row.body.startsWith(PREFIX)) received.push(row);
      },
      onError: () => (errors += 1),
    });

    // The poster keeps each post's key until it gets an answer (the service may be down).
    const post = async (i: number) => {
      for (let attempt = 0; ; attempt++) {
        try {
          await mike.postMessage(IDS.general, { body: `${PREFIX}${i}` }, { idempotencyKey: `fault-mention-${i}` });
          return;
        } catch (error) {
          if (attempt > 200) throw error;
          await sleep(25);
        }
      }
    };

    try {
      const restarts: Promise<void>[] = [];
      for (let i = 0; i < MENTIONS; i++) {
        if (i === 80 || i === 260 || i === 430) await service.control.faults({ fail500: 12 });
        if (i === 150 || i === 350) {
          await Promise.all(restarts);
          restarts.push(restart());
        }
        await post(i);
      }
      await Promise.all(restarts);
      const deadline = Date.now() + 30_000;
      while (received.length < MENTIONS && Date.now() < deadline) await sleep(50);
    } finally {
      await feed.stop();
      await watching;
      await mike.close();
      await maria.close();
    }

    expect(received.map((r) => r.body)).toEqual(Array.from({ length: MENTIONS }, (_, i) => `${PREFIX}${i}`));
    expect(new Set(received.map((r) => r.id)).size).toBe(MENTIONS);
    // The faults were felt by the watcher, not skipped around.
    expect(errors).toBeGreaterThan(0);
  });
});
