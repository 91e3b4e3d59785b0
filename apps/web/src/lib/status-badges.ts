/**
 * The colours of the status badges (SPEC §4): customers ACTIVE green, PENDING blue, BANNED red, INACTIVE
 * light blue; invoices PAID green, PENDING blue, OVERDUE yellow, CANCELED red. Each colour comes with a
 * text colour that reads on it at WCAG AA contrast (4.5:1); the badge also says the status in words, so
 * colour is never the only sign.
 */
import type { CustomerStatus, InvoiceStatus } from '@app/contracts';

export type BadgeTone = 'green' | 'blue' | 'red' | 'lightBlue' | 'yellow';

export const CUSTOMER_STATUS_TONES: Record<CustomerStatus, BadgeTone> = {
  ACTIVE: 'green',
  PENDING: 'blue',
  BANNED: 'red',
  INACTIVE: 'lightBlue',
};

export const INVOICE_STATUS_TONES: Record<InvoiceStatus, BadgeTone> = {
  PAID: 'green',
  PENDING: 'blue',
  OVERDUE: 'yellow',
  CANCELED: 'red',
};

export const BADGE_COLORS: Record<BadgeTone, { background: string; text: string }> = {
  green: { background: '#237a35', text: '#ffffff' },
  blue: { background: '#1864ab', text: '#ffffff' },
  red: { background: '#c92a2a', text: '#ffffff' },
  lightBlue: { background: '#a5d8ff', text: '#0b3558' },
  yellow: { background: '#ffd43b', text: '#3b2f00' },
};

/** Unknown statuses (a newer server) get a neutral badge rather than none. */
const NEUTRAL = { background: '#e9ecef', text: '#212529' };

export function customerStatusColors(status: string) {
  const tone = CUSTOMER_STATUS_TONES[status as CustomerStatus];
  return tone ? BADGE_COLORS[tone] : NEUTRAL;
}

export function invoiceStatusColors(status: string) {
  const tone = INVOICE_STATUS_TONES[status as InvoiceStatus];
  return tone ? BADGE_COLORS[tone] : NEUTRAL;
}
