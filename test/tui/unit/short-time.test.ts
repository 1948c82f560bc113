import { describe, expect, it } from 'vitest';
import { shortTime } from '../../../tui/format';

describe('a message time in a row', () => {
  const now = new Date(2026, 10, 29, 16, 30);
  it('is HH:MM today and Mon DD HH:MM before, in local time, as Intl writes the month', () => {
    expect(shortTime(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toBe('09:05');
    expect(shortTime(new Date(2026, 10, 28, 23, 59).toISOString(), now)).toBe('Nov 28 23:59');
    expect(shortTime(new Date(2025, 10, 29, 9, 5).toISOString(), now)).toBe('Nov 29 09:05');
    for (let month = 0; month < 12; month++) {
      const d = new Date(2026, month, 3, 7, 0);
      expect(shortTime(d.toISOString(), now)).toBe(`${d.toLocaleString('en', { month: 'short' })} 3 07:00`);
    }
  });
  it('is empty for a time that is not one', () => {
    expect(shortTime('not a time', now)).toBe('');
  });
});
