/**
 * Payments, refunds and cancelling (decision 24), each in one transaction that locks the invoice, checks the
 * rule of packages/contracts/src/invoice-life.ts on what the invoice is now, changes it and writes the change in
 * its history: two requests at once are made one after the other, and a failure halfway leaves nothing.
 */
import {
  cancelRefusal,
  formatMoney,
  invoiceMoney,
  paymentRefusal,
  refundRefusal,
  statusAfterMoney,
  toCents,
  type CancelInvoice,
  type InvoiceMoney,
  type RecordPayment,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { noInvoice } from './not-found.js';
import {
  insertPayment,
  lockInvoice,
  recordInvoiceChange,
  updateInvoiceState,
} from './invoices.repository.js';

/** Who changes which invoice of which organisation. */
export type InvoiceChangeBy = { organisationId: number; invoiceId: number; actorId: number };

/** Today's date (YYYY-MM-DD) as the server reads due dates: in UTC. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

const METHOD_NAMES: Record<RecordPayment['method'], string> = {
  BANK_TRANSFER: 'bank transfer',
  CARD: 'card',
  CASH: 'cash',
  CHEQUE: 'cheque',
  OTHER: 'another method',
};

async function lockedInvoice(tx: Queryable, by: InvoiceChangeBy): Promise<InvoiceMoney> {
  const invoice = await lockInvoice(tx, by.organisationId, by.invoiceId);
  if (!invoice) throw noInvoice(by.invoiceId);
  return invoiceMoney(invoice);
}

/** Records a payment (`kind` PAYMENT) or a refund, and the status it leads to. */
export async function recordMoney(
  tx: Queryable,
  by: InvoiceChangeBy,
  kind: 'PAYMENT' | 'REFUND',
  money: RecordPayment,
): Promise<void> {
  const invoice = await lockedInvoice(tx, by);
  const cents = toCents(money.amount);
  const refusal = kind === 'PAYMENT' ? paymentRefusal(invoice, cents) : refundRefusal(invoice, cents);
  if (refusal) throw AppError.conflict(refusal);
  const amountPaid = invoice.amountPaid + (kind === 'PAYMENT' ? cents : -cents);
  const status = statusAfterMoney({ ...invoice, amountPaid }, today());
  await insertPayment(tx, by.organisationId, by.invoiceId, { kind, ...money, cents });
  await updateInvoiceState(tx, by.organisationId, by.invoiceId, { status, amountPaid });
  const what = kind === 'PAYMENT' ? 'Payment' : 'Refund';
  const note = money.note ? `: ${money.note}` : '';
  await recordInvoiceChange(tx, by.organisationId, by.invoiceId, {
    actorId: by.actorId,
    action: kind === 'PAYMENT' ? 'PAYMENT_RECORDED' : 'REFUND_RECORDED',
    description: `${what} of ${formatMoney(cents)} by ${METHOD_NAMES[money.method]} on ${money.date}${note}`,
  });
  if (status !== invoice.status) {
    await recordInvoiceChange(tx, by.organisationId, by.invoiceId, {
      actorId: by.actorId,
      action: 'STATUS_CHANGED',
      description: `${invoice.status} → ${status}, balance due ${formatMoney(invoice.amountDue - amountPaid)}`,
    });
  }
}

export async function cancelInvoice(
  tx: Queryable,
  by: InvoiceChangeBy,
  request: CancelInvoice,
): Promise<void> {
  const invoice = await lockedInvoice(tx, by);
  const refusal = cancelRefusal(invoice);
  if (refusal) throw AppError.conflict(refusal);
  await updateInvoiceState(tx, by.organisationId, by.invoiceId, {
    status: 'CANCELED',
    cancelReason: request.reason,
  });
  await recordInvoiceChange(tx, by.organisationId, by.invoiceId, {
    actorId: by.actorId,
    action: 'CANCELED',
    description: `Cancelled: ${request.reason}`,
  });
}
