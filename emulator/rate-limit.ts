// Per-token fixed-window rate limit on the service clock (advancing the clock opens a new window).
import { rateLimited } from './errors';
import type { ServiceClock } from './clock';
import type { FixtureLimits } from './fixture-types';

/** What the limiter reads of the services: the configured window and the service clock. */
export interface RateWindowSource {
  limits(): FixtureLimits;
  clock: Pick<ServiceClock, 'nowMs'>;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** Counts one request for the token; throws 429 with Retry-After when the window is full. */
  hit(svc: RateWindowSource, tokenKey: string): void {
    const { requestsPerWindow, windowMs } = svc.limits();
    const now = svc.clock.nowMs();
    let w = this.windows.get(tokenKey);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(tokenKey, w);
    }
    w.count += 1;
    if (w.count > requestsPerWindow) throw rateLimited((w.start + windowMs - now) / 1000);
  }

  clear(): void {
    this.windows.clear();
  }
}
