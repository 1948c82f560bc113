// Shared parts of the reliability suite: the basic fixture's people, and a recorder of every
// request that reaches the local service (counted at the service, on its own HTTP server).
import type { Server } from 'node:http';
import type { Fixture } from '../../../emulator/fixture';
import { loadFixture } from '../../support/emulator';

export const IDS = {
  general: 'c0000000-0000-4000-8000-000000000001',
  random: 'c0000000-0000-4000-8000-000000000006',
} as const;

export const TOKENS = { maria: 'hpt_member_rw', mike: 'hpt_mike_rw', owner: 'hpt_owner_all' } as const;

export interface RecordedExchange {
  method: string;
  path: string;
  idempotencyKey?: string;
  /** performance.now() when the request arrived and when its answer was written (or the socket closed). */
  arrivedAt: number;
  answeredAt?: number;
  status?: number;
  retryAfter?: string;
}

/** Records every HTTP request the server receives, with its answer's status and Retry-After. */
export function recordExchanges(server: Server): RecordedExchange[] {
  const log: RecordedExchange[] = [];
  // First in line: the service may answer synchronously inside its own listener.
  server.prependListener('request', (req, res) => {
    const key = req.headers['idempotency-key'];
    const entry: RecordedExchange = {
      method: req.method ?? '',
      path: new URL(req.url ?? '/', 'http://x').pathname,
      idempotencyKey: typeof key === 'string' ? key : undefined,
      arrivedAt: performance.now(),
    };
    log.push(entry);
    // The service passes its headers to writeHead, where getHeader cannot see them: read them there.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      const headers = args.find((a) => typeof a === 'object' && a !== null) as Record<string, unknown> | undefined;
      const retryAfter = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
      if (retryAfter !== undefined) entry.retryAfter = String(retryAfter);
      return writeHead(...args);
    }) as typeof res.writeHead;
    res.on('close', () => {
      entry.answeredAt = performance.now();
      if (res.headersSent) entry.status = res.statusCode;
    });
  });
  return log;
}

/** The basic test fixture with other rate limits. */
export function fixtureWithLimits(requestsPerWindow: number, windowMs: number): Fixture {
  return { ...loadFixture('basic'), limits: { requestsPerWindow, windowMs } };
}

/** Runs `worker` over `items` with at most `concurrency` in flight. */
export async function inParallel<T>(items: readonly T[], concurrency: number, worker: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await worker(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
}
