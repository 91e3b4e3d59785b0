import { z } from './zod.js';
import { formatMoney, parseAmount, plainAmount, sumCents, taxOf, toCents, type Cents } from './money.js';

/**
 * An invoice's lines (issue 24): description, quantity and unit price, stored as rows. The server computes
 * every amount from them, in whole cents, and never takes a total from the client on trust. SPEC's `services`
 * text ("1 Web Design 200,2 SEO Work 100") and `total` stay in the answers, derived from the lines, so the
 * printable invoice of SPEC and every client of the template keep working.
 */

export const INVOICE_LINES_MAX = 100;
export const LINE_DESCRIPTION_MAX_LENGTH = 200;
export const LINE_QUANTITY_MAX = 1_000_000;

/** At most two decimals, read from the number's shortest text (0.1 + 0.2 is refused, 0.3 is not). */
const hasAtMostTwoDecimals = (value: number) => /^\d+(\.\d{1,2})?$/.test(String(value));

export const InvoiceLineInputSchema = z.object({
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(LINE_DESCRIPTION_MAX_LENGTH, `Description must be at most ${LINE_DESCRIPTION_MAX_LENGTH} characters`)
    // The services text separates its entries with commas.
    .refine((text) => !text.includes(','), 'A description cannot contain a comma'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than 0')
    .max(LINE_QUANTITY_MAX, `Quantity must be at most ${LINE_QUANTITY_MAX}`)
    .refine(hasAtMostTwoDecimals, 'Quantity has at most 2 decimals'),
  unitPrice: z
    .number({ error: 'Unit price must be a number' })
    .min(0, 'Unit price cannot be negative')
    .refine(hasAtMostTwoDecimals, 'Unit price has at most 2 decimals'),
});
export type InvoiceLineInput = z.infer<typeof InvoiceLineInputSchema>;

export const InvoiceLinesSchema = z
  .array(InvoiceLineInputSchema, { error: 'Lines must be a list' })
  .min(1, 'An invoice has at least one line')
  .max(INVOICE_LINES_MAX, `An invoice has at most ${INVOICE_LINES_MAX} lines`);

/**
 * A line as the answers give it: its position from 1 and its amount, computed by the server. Its description as
 * stored (a template-style invoice's whole services text may be longer and hold commas).
 */
export const InvoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** A line's amount: quantity × unit price to the nearest cent, halves up, in exact integer arithmetic. */
export function lineAmount(line: Pick<InvoiceLineInput, 'quantity' | 'unitPrice'>): Cents {
  const hundredths = BigInt(Math.round(line.quantity * 100));
  const cents = BigInt(toCents(line.unitPrice));
  return Number((hundredths * cents + 50n) / 100n);
}

export function linesTotal(lines: readonly Pick<InvoiceLineInput, 'quantity' | 'unitPrice'>[]): Cents {
  return sumCents(lines.map(lineAmount));
}

/** The lines with their positions and amounts, as stored and answered. */
export function numberedLines(lines: readonly InvoiceLineInput[]): InvoiceLine[] {
  return lines.map((line, index) => ({ ...line, position: index + 1, amount: lineAmount(line) / 100 }));
}

/** SPEC's services text of the lines: "position description amount", comma-separated. */
export function servicesOf(lines: readonly InvoiceLineInput[]): string {
  return lines
    .map(
      (line, index) =>
        `${index + 1} ${line.description.replace(/\s+/g, ' ')} ${plainAmount(lineAmount(line))}`,
    )
    .join(',');
}

/** What the customer owes for an invoice: its total and the tax on it (SPEC §9), the printed TOTAL. */
export function amountDueOf(total: number): Cents {
  const subtotal = toCents(total);
  return subtotal + taxOf(subtotal);
}

const SERVICE_ENTRY = /^\d+\s+(.+?)\s+(\$?\d+(?:\.\d{1,2})?)$/;

/**
 * The lines of a template-style invoice (a services text and a total, no lines): each entry "number
 * description amount" is a line of quantity 1; a text without any amount is one line, the whole text, at the
 * total. A text whose amounts do not add up to the total, or that gives amounts for some entries only, is
 * refused with the reason: a printed invoice must add up.
 */
export function linesOfServices(
  services: string,
  total: number,
): { lines: InvoiceLineInput[] } | { problem: string } {
  const entries = services
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const read = entries.map((entry) => SERVICE_ENTRY.exec(entry));
  if (read.every((match) => match === null)) {
    return { lines: [{ description: services.trim(), quantity: 1, unitPrice: total }] };
  }
  const unread = entries.findIndex((_, index) => read[index] === null);
  if (unread >= 0) {
    return {
      problem:
        `Entry ${unread + 1} of the services ("${entries[unread]}") has no amount: write every service as ` +
        '"number description amount", or the services without amounts as one text',
    };
  }
  const lines = read.map((match) => ({
    description: match?.[1] ?? '',
    quantity: 1,
    unitPrice: (parseAmount(match?.[2] ?? '') ?? 0) / 100,
  }));
  const sum = linesTotal(lines);
  if (sum !== toCents(total)) {
    return {
      problem: `The services add up to ${formatMoney(sum)} but the total is ${formatMoney(toCents(total))}`,
    };
  }
  return { lines };
}
