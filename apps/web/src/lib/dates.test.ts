import { describe, expect, it } from 'vitest';
import { formatMediumDate } from '@app/contracts';
import { localIsoDate } from './dates';

describe('formatMediumDate', () => {
  it('writes a calendar date as a medium date', () => {
    expect(formatMediumDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatMediumDate('2025-12-31')).toBe('Dec 31, 2025');
    expect(formatMediumDate('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('writes every month by its three-letter English name, the day without a zero', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    months.forEach((name, index) => {
      const month = String(index + 1).padStart(2, '0');
      expect(formatMediumDate(`2026-${month}-09`)).toBe(`${name} 9, 2026`);
    });
    expect(formatMediumDate('2024-02-29')).toBe('Feb 29, 2024');
    expect(formatMediumDate('0099-07-04')).toBe('Jul 4, 99');
  });

  it('never shifts the day with the time zone', () => {
    // The first of the month is where a UTC midnight read in America/… would fall back a day.
    expect(formatMediumDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatMediumDate('2026-03-01T00:00:00.000Z')).toBe('Mar 1, 2026');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatMediumDate('')).toBe('');
    expect(formatMediumDate('soon')).toBe('soon');
    expect(formatMediumDate('2026-13-01')).toBe('2026-13-01');
    // Days the calendar does not have are not rolled over into the next month.
    expect(formatMediumDate('2026-02-29')).toBe('2026-02-29');
    expect(formatMediumDate('2026-04-31')).toBe('2026-04-31');
    expect(formatMediumDate('2026-03-00')).toBe('2026-03-00');
  });
});

describe('localIsoDate', () => {
  it("gives the browser's calendar date", () => {
    expect(localIsoDate(new Date(2026, 2, 1, 23, 59))).toBe('2026-03-01');
    expect(localIsoDate(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });
});
