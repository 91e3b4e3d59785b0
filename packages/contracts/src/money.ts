/**
 * Money as whole cents (SPEC §9: amounts shown with exactly 2 decimals, the invoice tax 5.4% of its total), the
 * same for the server (an invoice's lines, total, balance) and the web app (its forms and pages).
 * Every sum and the tax are computed on integers, so no float drift shows up in a total: 0.1 + 0.2 is
 * 30 cents, not 0.30000000000000004 dollars.
 */

export type Cents = number;

/** SPEC §9: the tax rate of an invoice, 5.4%, as a fraction in thousandths (54/1000) for integer maths. */
export const TAX_RATE_THOUSANDTHS = 54;
export const TAX_RATE_LABEL = '5.4%';

/** A dollar amount of the API (at most 2 decimals) in cents: the nearest whole cent of its float. */
export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

/**
 * An amount as typed ("200", "99.5", "1075.50", "$12"): its cents, read from the digits so nothing is
 * rounded, or undefined when it is not an amount of at most 2 decimals.
 */
export function parseAmount(text: string): Cents | undefined {
  const match = /^\$?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Dollars of whole cents; +0 for a zero, which as -0 would be written "-0.00". */
const dollars = (cents: Cents) => cents / 100 + 0;

const FIXED = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** SPEC §9's amounts for a reader: a $ prefix, thousands grouped, exactly 2 decimals. */
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents with exactly 2 decimals and no grouping: "200.00", for a form field. */
export function fixedAmount(cents: Cents): string {
  return FIXED.format(dollars(cents));
}

/** Cents as a plain amount for a form field or the services text: "200", "99.50". */
export function plainAmount(cents: Cents): string {
  return cents % 100 === 0 ? String(dollars(cents)) : fixedAmount(cents);
}

/** Cents as shown to a reader: "$1,234.50", "-$5.00". */
export function formatMoney(cents: Cents): string {
  return MONEY.format(dollars(cents));
}

export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}

/** The tax of an amount: 5.4% rounded to the nearest cent, halves up (as a till does). */
export function taxOf(cents: Cents): Cents {
  return Math.floor((cents * TAX_RATE_THOUSANDTHS + 500) / 1000);
}

export type InvoiceTotals = { subtotal: Cents; tax: Cents; total: Cents };

/**
 * The foot of a printed invoice (SPEC §2.3, §9): the invoice total as SUBTOTAL, its tax, and the grand
 * TOTAL = subtotal + tax. The tax is rounded first, so the three lines always add up on paper.
 */
export function invoiceTotals(invoiceTotal: number): InvoiceTotals {
  const subtotal = toCents(invoiceTotal);
  const tax = taxOf(subtotal);
  return { subtotal, tax, total: subtotal + tax };
}
