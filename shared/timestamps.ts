/**
 * created_at strings compared and shifted WITHOUT a JS Date round trip, which would drop the
 * microseconds the service writes (`2026-01-02T03:04:05.123456Z`).
 */

const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/;
/** A UTC time in the service's form, hours 00-23 (24:00 is the next day's midnight, which text order would put after it). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):\d{2}:\d{2}(?:\.\d+)?Z$/;

interface Parsed {
  /** Whole seconds since the epoch. */
  seconds: number;
  /** Fraction digits as written, without the dot ('' when none). */
  fraction: string;
  zone: string;
}

function parse(ts: string): Parsed | null {
  const m = ISO.exec(ts);
  if (!m) return null;
  const ms = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(ms)) return null;
  return { seconds: ms / 1000, fraction: m[2] ?? '', zone: m[3] ?? 'Z' };
}

/** <0, 0 or >0 as `a` is before, equal to or after `b`; exact to every digit written. */
export function compareTimestamps(a: string, b: string): number {
  // Two UTC times written alike (same length, so the same fraction digits) compare as text, which
  // is exact and allocates nothing: a page compares each of its rows with the cursor.
  if (a.length === b.length && a.endsWith('Z') && b.endsWith('Z') && ISO_UTC.test(a) && ISO_UTC.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) return a < b ? -1 : a > b ? 1 : 0;
  if (pa.seconds !== pb.seconds) return pa.seconds - pb.seconds;
  const width = Math.max(pa.fraction.length, pb.fraction.length);
  const fa = pa.fraction.padEnd(width, '0');
  const fb = pb.fraction.padEnd(width, '0');
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

/**
 * A timestamp `ms` milliseconds before `ts`, in UTC with as many fraction digits as `ts` had (at
 * least 3). Used only for the catch-up overlap, where rough is fine; `ts` itself is never rewritten.
 */
export function timestampBefore(ts: string, ms: number): string {
  const p = parse(ts);
  if (!p) return ts;
  const digits = Math.max(3, p.fraction.length);
  const micros = Math.round(p.seconds * 1_000_000) + Number((p.fraction + '000000').slice(0, 6)) - Math.round(ms * 1000);
  const wholeSeconds = Math.floor(micros / 1_000_000);
  const fractionMicros = micros - wholeSeconds * 1_000_000;
  const head = new Date(wholeSeconds * 1000).toISOString().slice(0, 19);
  return `${head}.${String(fractionMicros).padStart(6, '0').padEnd(digits, '0').slice(0, digits)}Z`;
}
