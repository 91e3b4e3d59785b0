import { z } from './zod.js';
import type { Permission } from './accounts.js';
import type { Invoice, InvoiceStatus } from './customers.js';
import { InvoiceDateSchema, InvoiceTotalSchema } from './customers.js';
import { formatMoney, toCents, type Cents } from './money.js';

/**
 * An invoice's life (issue 24, decision 24): payments, refunds and cancelling, the rules the server enforces
 * and the web app follows to offer only what is allowed, and the history that keeps every change.
 *
 * - PENDING or OVERDUE: takes payments up to its balance; PAID once the balance is 0.
 * - OVERDUE: set by the server once the due date (invoice date + 30 days) has passed with a balance due.
 * - Money received is refunded (up to what was received), which reopens a PAID invoice.
 * - CANCELED, with a reason, only while nothing is received: a paid invoice is refunded first. It keeps its
 *   number (numbers stay gapless) and nothing changes it afterwards.
 */

export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CARD', 'CASH', 'CHEQUE', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_NOTE_MAX_LENGTH = 500;
export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * Who may do what to invoices and customers beyond SPEC's calls (issue 24), in one place: each action is given to
 * the roles that hold the matching permission of the template's table (REFERENCE §Roles). The server checks it on every call; the web app
 * shows an action only to whom it is given.
 */
export const BUSINESS_ACTION_PERMISSIONS = {
  recordPayment: 'UPDATE:CUSTOMER',
  refund: 'UPDATE:CUSTOMER',
  cancel: 'UPDATE:CUSTOMER',
  /** The invoice e-mailed to its customer: the business speaks to its customer, as a change does. */
  send: 'UPDATE:CUSTOMER',
  /** Every invoice a filter finds, carried off as a file: more than looking at them, as changing them is. */
  exportInvoices: 'UPDATE:CUSTOMER',
  /** Customers from a CSV file: creating them, as the customer form does. */
  importCustomers: 'CREATE:CUSTOMER',
} as const satisfies Record<string, Permission>;
export type BusinessAction = keyof typeof BUSINESS_ACTION_PERMISSIONS;

export const RecordPaymentSchema = z.object({
  date: InvoiceDateSchema,
  amount: InvoiceTotalSchema,
  method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(PAYMENT_NOTE_MAX_LENGTH, `Note must be at most ${PAYMENT_NOTE_MAX_LENGTH} characters`)
    .default(''),
});
export type RecordPayment = z.infer<typeof RecordPaymentSchema>;
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;

export const CancelInvoiceSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(CANCEL_REASON_MAX_LENGTH, `Reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters`),
});
export type CancelInvoice = z.infer<typeof CancelInvoiceSchema>;

export const PAYMENT_KINDS = ['PAYMENT', 'REFUND'] as const;

export const PaymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  date: z.iso.date(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  note: z.string(),
  createdAt: z.iso.datetime(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const INVOICE_EVENT_ACTIONS = [
  'CREATED',
  'PAYMENT_RECORDED',
  'REFUND_RECORDED',
  'STATUS_CHANGED',
  'CANCELED',
  'SENT',
  'REMINDER_SENT',
] as const;
export type InvoiceEventAction = (typeof INVOICE_EVENT_ACTIONS)[number];

/** A change of the invoice's history: who (none when the server did it), when, and what, in a sentence. */
export const InvoiceEventSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.enum(INVOICE_EVENT_ACTIONS),
  description: z.string(),
});
export type InvoiceEvent = z.infer<typeof InvoiceEventSchema>;

/** What the rules read of an invoice, in cents. */
export type InvoiceMoney = { status: InvoiceStatus; amountDue: Cents; amountPaid: Cents; dueDate: string };

/** What the rules read of an invoice as the answers give it. */
export function invoiceMoney(
  invoice: Pick<Invoice, 'status' | 'amountDue' | 'amountPaid' | 'dueDate'>,
): InvoiceMoney {
  return {
    status: invoice.status,
    amountDue: toCents(invoice.amountDue),
    amountPaid: toCents(invoice.amountPaid),
    dueDate: invoice.dueDate,
  };
}

/** Why a payment of `amount` cannot be recorded, or undefined when it can. */
export function paymentRefusal(invoice: InvoiceMoney, amount: Cents): string | undefined {
  if (invoice.status === 'CANCELED') return 'A cancelled invoice takes no payment';
  const balance = invoice.amountDue - invoice.amountPaid;
  if (balance <= 0) return 'This invoice is paid in full';
  if (amount > balance) return `The payment is more than the balance due (${formatMoney(balance)})`;
  return undefined;
}

/** Why a refund of `amount` cannot be recorded, or undefined when it can. */
export function refundRefusal(invoice: InvoiceMoney, amount: Cents): string | undefined {
  if (invoice.status === 'CANCELED') return 'A cancelled invoice has nothing to refund';
  if (invoice.amountPaid <= 0) return 'Nothing was received for this invoice';
  if (amount > invoice.amountPaid)
    return `The refund is more than what was received (${formatMoney(invoice.amountPaid)})`;
  return undefined;
}

/** Why the invoice cannot be cancelled, or undefined when it can. */
export function cancelRefusal(invoice: InvoiceMoney): string | undefined {
  if (invoice.status === 'CANCELED') return 'This invoice is already cancelled';
  if (invoice.status === 'PAID') return 'A paid invoice cannot be cancelled: refund its payments first';
  if (invoice.amountPaid > 0)
    return `${formatMoney(invoice.amountPaid)} was received for this invoice: refund it before cancelling`;
  return undefined;
}

/**
 * The status once money moved, on `today` (YYYY-MM-DD): PAID with nothing left to pay, OVERDUE past the due
 * date, PENDING before it.
 */
export function statusAfterMoney(invoice: InvoiceMoney, today: string): InvoiceStatus {
  if (invoice.amountPaid >= invoice.amountDue) return 'PAID';
  return invoice.dueDate < today ? 'OVERDUE' : 'PENDING';
}
