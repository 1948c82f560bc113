import type { Clock, Logger, Random } from '../../../shared';

/** A clock whose sleeps return at once (still rejecting on abort) and are recorded. */
export function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  let now = 1_700_000_000_000;
  return {
    sleeps,
    now: () => now,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
      now += ms;
      return Promise.resolve();
    },
  };
}

/** Deterministic randomness: a fixed jitter and numbered uuids. */
export function fixedRandom(value = 0.5): Random & { issued: string[] } {
  const issued: string[] = [];
  return {
    issued,
    next: () => value,
    uuid: () => {
      const id = `00000000-0000-4000-8000-${String(issued.length + 1).padStart(12, '0')}`;
      issued.push(id);
      return id;
    },
  };
}

export interface LogEntry {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

export function capturingLogger(): Logger & { lines: string[]; entries: LogEntry[] } {
  const lines: string[] = [];
  const entries: LogEntry[] = [];
  const push =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      entries.push({ level, message, fields });
      lines.push(`${level} ${message} ${fields ? JSON.stringify(fields) : ''}`);
    };
  return { lines, entries, debug: push('debug'), info: push('info'), warn: push('warn'), error: push('error') };
}

/** A clock that moves only when told: sleeps resolve once advance() passes their deadline. */
export function manualClock(start = 1_700_000_000_000): Clock & { advance(ms: number): void; sleeping(): number } {
  let now = start;
  const sleepers = new Set<{ until: number; resolve(): void }>();
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
        const sleeper = { until: now + Math.max(0, ms), resolve };
        sleepers.add(sleeper);
        signal?.addEventListener(
          'abort',
          () => {
            sleepers.delete(sleeper);
            reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
          },
          { once: true },
        );
      }),
    advance(ms) {
      now += ms;
      for (const s of [...sleepers]) {
        if (s.until <= now) {
          sleepers.delete(s);
          s.resolve();
        }
      }
    },
    sleeping: () => sleepers.size,
  };
}
