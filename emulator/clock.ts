// The service clock (real time plus an offset that POST /_emulator/clock advances) and the
// workspace's monotonic timestamp source: every created_at is unique and strictly increasing, ISO
// with microseconds, so `since` (strictly after) never loses a tie.

/** Microseconds since the epoch as an ISO string with exactly six fraction digits. */
export function formatMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const frac = String(micros % 1000).padStart(3, '0');
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  return `${iso.slice(0, -1)}${frac}Z`;
}

/** Parses an ISO timestamp keeping up to microsecond precision; null when it is not one. */
export function parseMicros(value: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) return null;
  const seconds = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(seconds)) return null;
  const fraction = (m[2] ?? '').padEnd(6, '0').slice(0, 6);
  return seconds * 1000 + Number(fraction);
}

/** Normalizes any accepted ISO timestamp to the service's microsecond form; null when invalid. */
export function normalizeTimestamp(value: string): string | null {
  const micros = parseMicros(value);
  return micros === null ? null : formatMicros(micros);
}

export class ServiceClock {
  constructor(
    private offsetMs: number,
    private lastStampMicros: number,
    private readonly persist: (offsetMs: number, lastStampMicros: number) => void,
  ) {}

  /** Milliseconds since the epoch on the service clock. */
  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
    this.persist(this.offsetMs, this.lastStampMicros);
  }

  /** A created_at value strictly greater than every earlier one (bumps by 1µs on ties). */
  nextTimestamp(): string {
    const micros = Math.max(this.nowMs() * 1000, this.lastStampMicros + 1);
    this.lastStampMicros = micros;
    this.persist(this.offsetMs, micros);
    return formatMicros(micros);
  }

  /** Registers a timestamp that came from elsewhere (a fixture) so later ones stay greater. */
  observe(stamp: string): void {
    const micros = parseMicros(stamp);
    if (micros !== null && micros > this.lastStampMicros) {
      this.lastStampMicros = micros;
      this.persist(this.offsetMs, micros);
    }
  }

  reset(): void {
    this.offsetMs = 0;
    this.lastStampMicros = 0;
    this.persist(0, 0);
  }
}
