import { describe, expect, it } from 'vitest';
import { compareTimestamps, timestampBefore } from '../../../shared/timestamps';

describe('created_at strings', () => {
  it('compares to the last digit written, which a Date cannot', () => {
    const a = '2026-11-21T09:12:00.000028Z';
    const b = '2026-11-21T09:12:00.000029Z';
    expect(new Date(a).getTime()).toBe(new Date(b).getTime());
    expect(compareTimestamps(a, b)).toBeLessThan(0);
    expect(compareTimestamps(b, a)).toBeGreaterThan(0);
    expect(compareTimestamps(a, a)).toBe(0);
    expect(compareTimestamps('2026-11-21T09:12:00.5Z', '2026-11-21T09:12:00.500000Z')).toBe(0);
    expect(compareTimestamps('2026-11-21T09:12:00Z', '2026-11-21T09:12:00.000001Z')).toBeLessThan(0);
    expect(compareTimestamps('2026-11-21T11:12:00.000001+02:00', '2026-11-21T09:12:00.000002Z')).toBeLessThan(0);
  });

  it('orders by time also where the text order differs: midnight written as 24:00, and unequal fraction digits', () => {
    expect(compareTimestamps('2026-01-01T24:00:00Z', '2026-01-02T00:00:00Z')).toBe(0);
    expect(compareTimestamps('2026-01-01T24:00:00Z', '2026-01-02T00:00:01Z')).toBeLessThan(0);
    expect(compareTimestamps('2026-01-01T09:00:00.9Z', '2026-01-01T09:00:01Z')).toBeLessThan(0);
    expect(compareTimestamps('2026-01-01T09:00:01Z', '2026-01-01T09:00:00.9Z')).toBeGreaterThan(0);
    expect(compareTimestamps('2026-01-01T10:00:00+01:00', '2026-01-01T09:00:00Z')).toBe(0);
  });

  it('orders times written alike as their instants, second by second and digit by digit', () => {
    const base = Date.UTC(2025, 11, 31, 23, 59, 58);
    const times = Array.from({ length: 40 }, (_, i) => ({ ms: base + Math.floor(i / 4) * 500, micro: (i % 4) * 7 }));
    const text = (t: { ms: number; micro: number }) => `${new Date(t.ms).toISOString().slice(0, 23)}${String(t.micro).padStart(3, '0')}Z`;
    for (const a of times) for (const b of times) expect(Math.sign(compareTimestamps(text(a), text(b)))).toBe(Math.sign(a.ms - b.ms || a.micro - b.micro));
  });

  it('moves a little earlier keeping the precision', () => {
    expect(timestampBefore('2026-11-21T09:12:00.000028Z', 10_000)).toBe('2026-11-21T09:11:50.000028Z');
    expect(timestampBefore('2026-01-01T00:00:00.000000Z', 1)).toBe('2025-12-31T23:59:59.999000Z');
    expect(timestampBefore('2026-01-01T00:00:05.123Z', 5_000)).toBe('2026-01-01T00:00:00.123Z');
    expect(timestampBefore('not a timestamp', 5)).toBe('not a timestamp');
  });
});
