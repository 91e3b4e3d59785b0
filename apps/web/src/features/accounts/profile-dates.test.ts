import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './profile-dates';

describe('profile dates', () => {
  it("shows a moment and a day in the reader's locale and time zone", () => {
    const iso = '2026-03-12T13:05:00.000Z';
    expect(formatDateTime(iso, 'en-US', 'UTC')).toBe('Mar 12, 2026, 1:05 PM');
    expect(formatDateTime(iso, 'fr-FR', 'Europe/Paris')).toBe('12 mars 2026, 14:05');
    expect(formatDay(iso, 'en-GB', 'UTC')).toBe('12 March 2026');
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDay('')).toBe('');
  });
});
