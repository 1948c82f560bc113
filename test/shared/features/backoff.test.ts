// The one backoff (shared/backoff.ts) and the three loops that use it besides HTTP retries.
import { describe, expect, it } from 'vitest';
import { Backoff, fullJitterMs } from '../../../shared/backoff';
import { RateLimitedError } from '../../../shared/errors';
import { Doorbell } from '../../../shared/live/doorbell';
import { fixedRandom, recordingClock } from '../support/fakes';

describe('fullJitterMs', () => {
  it('draws below a doubling ceiling capped at maxMs, never below Retry-After', () => {
    const limits = { baseMs: 250, maxMs: 8000 };
    expect(fullJitterMs(limits, 1, 0.999)).toBe(249);
    expect(fullJitterMs(limits, 3, 0.5)).toBe(500);
    expect(fullJitterMs(limits, 10, 0.999)).toBe(7992);
    expect(fullJitterMs(limits, 3, 0, 1500)).toBe(1500);
    expect(fullJitterMs(limits, 3, 0.999, 10)).toBe(999);
    // A long outage does not overflow the exponent.
    expect(fullJitterMs(limits, 5000, 0.5)).toBe(4000);
  });
});

describe('Backoff', () => {
  it('counts failures, honours an error’s Retry-After and starts over after reset()', () => {
    const backoff = new Backoff({ baseMs: 1000, maxMs: 30_000 }, fixedRandom(0.5));
    expect([backoff.next(), backoff.next(), backoff.next()]).toEqual([500, 1000, 2000]);
    expect(backoff.attempt).toBe(3);
    const limited = new RateLimitedError({ code: 'rate_limited', message: 'slow down', hint: 'wait', status: 429, path: '/x', retryAfterMs: 7000 });
    expect(backoff.next(limited)).toBe(7000);
    backoff.reset();
    expect(backoff.attempt).toBe(0);
    expect(backoff.next()).toBe(500);
  });
});

describe('the doorbell uses it', () => {
  it('waits a full-jitter backoff between failed coordinate fetches (injected Clock, rejecting sleep)', async () => {
    const clock = recordingClock();
    let calls = 0;
    const statuses: string[] = [];
    const bell: Doorbell = new Doorbell({
      clock,
      random: fixedRandom(0.5),
      backoff: { baseMs: 1000, maxMs: 30_000 },
      minRefetchGapMs: 0,
      fetchCoordinates: async () => {
        calls += 1;
        if (calls === 4) void bell.stop();
        throw new Error('service not up yet');
      },
      onCue: () => {},
      onStatus: (s) => statuses.push(s),
    });
    bell.start();
    await new Promise<void>((resolve) => {
      const check = () => (statuses.at(-1) === 'stopped' ? resolve() : setImmediate(check));
      check();
    });
    expect(clock.sleeps).toEqual([500, 1000, 2000]);
    expect(statuses).toEqual(['retrying', 'retrying', 'retrying', 'stopped']);
  });
});
