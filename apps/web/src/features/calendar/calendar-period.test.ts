import { describe, expect, it } from 'vitest';
import {
  isIsoDate,
  longDate,
  periodOf,
  periodTitle,
  readCalendarParams,
  shiftAnchor,
  shortDate,
  weekdayIndex,
} from './calendar-period';

describe('weekdayIndex', () => {
  it('counts from Monday, before and after 1970', () => {
    expect(weekdayIndex('2026-11-16')).toBe(0);
    expect(weekdayIndex('2026-11-21')).toBe(5);
    expect(weekdayIndex('2026-11-22')).toBe(6);
    expect(weekdayIndex('1969-12-31')).toBe(2);
    expect(weekdayIndex('2024-02-29')).toBe(3);
  });
});

describe('periodOf', () => {
  it('shows a month as whole weeks from Monday to Sunday', () => {
    const november = periodOf('month', '2026-11-21');
    expect(november).toMatchObject({
      from: '2026-10-26',
      to: '2026-12-06',
      month: '2026-11',
      first: '2026-11-01',
      last: '2026-11-30',
    });
    expect(november.weeks).toHaveLength(6);
    expect(november.weeks.every((week) => week.length === 7)).toBe(true);
    expect(november.weeks[0]?.[6]).toBe('2026-11-01');
    expect(november.weeks[5]?.[0]).toBe('2026-11-30');
  });

  it('needs only four weeks for a February from Monday to Sunday', () => {
    const february = periodOf('month', '2027-02-14');
    expect(february).toMatchObject({ from: '2027-02-01', to: '2027-02-28' });
    expect(february.weeks).toHaveLength(4);
  });

  it('covers leap days and year ends', () => {
    expect(periodOf('month', '2024-02-01')).toMatchObject({
      from: '2024-01-29',
      to: '2024-03-03',
      last: '2024-02-29',
    });
    expect(periodOf('month', '2026-12-31')).toMatchObject({ from: '2026-11-30', to: '2027-01-03' });
  });

  it('never asks for more than 42 days', () => {
    for (let month = 1; month <= 12 * 30; month++) {
      const anchor = `${2000 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-01`;
      expect(periodOf('month', anchor).weeks.flat().length).toBeLessThanOrEqual(42);
    }
  });

  it('shows a week from its Monday, across a year end', () => {
    const week = periodOf('week', '2027-01-01');
    expect(week).toMatchObject({
      from: '2026-12-28',
      to: '2027-01-03',
      first: '2026-12-28',
      last: '2027-01-03',
    });
    expect(week.weeks).toEqual([
      ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'],
    ]);
  });
});

describe('shiftAnchor', () => {
  it('moves months to their 1st, across year ends', () => {
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('month', '2026-12-15', 1)).toBe('2027-01-01');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(shiftAnchor('month', '2026-03-31', -1)).toBe('2026-02-01');
  });

  it('moves weeks by seven days', () => {
    expect(shiftAnchor('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(shiftAnchor('week', '2024-03-01', -1)).toBe('2024-02-23');
  });
});

describe('titles', () => {
  it('names a month, and a week by its first and last days', () => {
    expect(periodTitle(periodOf('month', '2026-11-21'))).toBe('November 2026');
    expect(periodTitle(periodOf('week', '2026-11-21'))).toBe('Nov 16 – 22, 2026');
    expect(periodTitle(periodOf('week', '2026-12-01'))).toBe('Nov 30 – Dec 6, 2026');
    expect(periodTitle(periodOf('week', '2027-01-01'))).toBe('Dec 28, 2026 – Jan 3, 2027');
  });

  it('says a day in full and in short', () => {
    expect(longDate('2026-11-21')).toBe('Saturday, November 21, 2026');
    expect(shortDate('2026-03-01')).toBe('Sun, Mar 1');
  });
});

describe('readCalendarParams', () => {
  const read = (query: string) => readCalendarParams(new URLSearchParams(query), '2026-11-21');

  it('reads the view and the day, defaulting to this month', () => {
    expect(read('')).toEqual({ view: 'month', anchor: '2026-11-21' });
    expect(read('view=week&date=2027-01-01')).toEqual({ view: 'week', anchor: '2027-01-01' });
    expect(read('view=month&date=2025-02-28')).toEqual({ view: 'month', anchor: '2025-02-28' });
  });

  it('opens on today for a day that does not exist or that the API would refuse', () => {
    for (const date of ['2026-02-30', '2026-13-01', 'tomorrow', '1899-12-31', '3000-01-01']) {
      expect(read(`date=${date}`).anchor).toBe('2026-11-21');
    }
    expect(read('view=year').view).toBe('month');
  });

  it('knows real dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-28')).toBe(false);
  });
});
