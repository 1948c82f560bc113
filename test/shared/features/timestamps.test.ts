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

  it('moves a little earlier keeping the precision', () => {
    expect(timestampBefore('2026-11-21T09:12:00.000028Z', 10_000)).toBe('2026-11-21T09:11:50.000028Z');
    expect(timestampBefore('2026-01-01T00:00:00.000000Z', 1)).toBe('2025-12-31T23:59:59.999000Z');
    expect(timestampBefore('2026-01-01T00:00:05.123Z', 5_000)).toBe('2026-01-01T00:00:00.123Z');
    expect(timestampBefore('not a timestamp', 5)).toBe('not a timestamp');
  });
});
