import { describe, expect, it } from 'vitest';
import { CUSTOMER_STATUSES, INVOICE_STATUSES } from '@app/contracts';
import {
  BADGE_COLORS,
  CUSTOMER_STATUS_TONES,
  customerStatusColors,
  INVOICE_STATUS_TONES,
  invoiceStatusColors,
} from './status-badges';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('status badges', () => {
  it('colours customer statuses as SPEC §4 says', () => {
    expect(CUSTOMER_STATUS_TONES).toEqual({
      ACTIVE: 'green',
      PENDING: 'blue',
      BANNED: 'red',
      INACTIVE: 'lightBlue',
    });
    expect(Object.keys(CUSTOMER_STATUS_TONES).sort()).toEqual([...CUSTOMER_STATUSES].sort());
    expect(customerStatusColors('BANNED')).toBe(BADGE_COLORS.red);
  });

  it('colours invoice statuses as SPEC §4 says', () => {
    expect(INVOICE_STATUS_TONES).toEqual({
      PAID: 'green',
      PENDING: 'blue',
      OVERDUE: 'yellow',
      CANCELED: 'red',
    });
    expect(Object.keys(INVOICE_STATUS_TONES).sort()).toEqual([...INVOICE_STATUSES].sort());
    expect(invoiceStatusColors('OVERDUE')).toBe(BADGE_COLORS.yellow);
  });

  it('keeps every badge text readable (WCAG AA, 4.5:1)', () => {
    for (const [tone, { background, text }] of Object.entries(BADGE_COLORS)) {
      expect(contrast(background, text), tone).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows an unknown status in a neutral badge', () => {
    expect(customerStatusColors('ARCHIVED').background).toBe('#e9ecef');
    expect(invoiceStatusColors('DRAFT').text).toBe('#212529');
  });
});
