/**
 * An invoice sent to its customer by e-mail (decision 24), with its PDF (pdf/invoice-pdf.ts) and a link that opens
 * it online (invoice-copy.routes.ts): by a user ('Send by e-mail') or as a reminder once it is overdue
 * (invoice-reminders.ts). The e-mail is written to the outbox in the caller's transaction with the link and the
 * history entry that tells of it, so all exist exactly when the change is kept.
 */
import {
  formatMediumDate,
  formatMoney,
  invoicePdfName,
  toCents,
  type Company,
  type Customer,
  type InvoiceDetail,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { invoiceLinks } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashSecret, newLinkKey } from '../auth/auth.module.js';
import { businessDetailsOf } from '../organisations/organisations.module.js';
import { enqueueEmail } from '../outbox/outbox.module.js';
import { noInvoice } from './not-found.js';
import { invoicePdf } from './pdf/invoice-pdf.js';
import { findInvoiceWithCustomer, recordInvoiceChange } from './invoices.repository.js';

export type Sending = { kind: 'INVOICE' } | { kind: 'REMINDER'; number: number; of: number };

type Printed = { invoice: InvoiceDetail; customer: Customer; company: Company };

/** How long an e-mailed link opens its invoice: long enough to pay it late, not forever. */
export const INVOICE_LINK_DAYS = 180;

/** The address of the invoice's PDF online (GET /api/invoice-copy/{key}). */
export const invoiceCopyUrl = (publicUrl: string, key: string) => `${publicUrl}/api/invoice-copy/${key}`;

type Link = { url: string; expires: Date };

function emailOf({ invoice, customer, company }: Printed, sending: Sending, link: Link) {
  const balance = formatMoney(toCents(invoice.balanceDue));
  const due = formatMediumDate(invoice.dueDate);
  const reminder = sending.kind === 'REMINDER';
  const subject = reminder
    ? `Reminder: invoice ${invoice.invoiceNumber} from ${company.name} is overdue`
    : `Invoice ${invoice.invoiceNumber} from ${company.name}`;
  const opening = reminder
    ? `Invoice ${invoice.invoiceNumber} was due on ${due} and ${balance} of it is still to be paid.`
    : `Please find attached invoice ${invoice.invoiceNumber} of ${formatMediumDate(invoice.date)}: ` +
      `${balance} to pay by ${due}.`;
  const contact = [company.billingEmail, company.phone].filter(Boolean).join(' or ');
  const text = [
    `Hello ${customer.name},`,
    '',
    opening,
    reminder
      ? 'The invoice is attached. If you have paid it already, thank you: please ignore this e-mail.'
      : '',
    `You can also open it online until ${formatMediumDate(link.expires.toISOString())}: ${link.url}`,
    contact ? `For any question, write to or call us: ${contact}.` : '',
    '',
    'Thank you for your business,',
    company.name,
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
  return { subject, text };
}

/**
 * Writes the invoice's e-mail to the outbox with a new link to it, and its history entry; refuses a cancelled
 * invoice, which is owed by no one. Gives the address it was sent to.
 */
export async function sendInvoice(
  tx: Queryable,
  by: { organisationId: number; invoiceId: number; actorId: number | null },
  sending: Sending,
  publicUrl: string,
): Promise<string> {
  const found = await findInvoiceWithCustomer(tx, by.organisationId, by.invoiceId);
  if (!found) throw noInvoice(by.invoiceId);
  if (found.invoice.status === 'CANCELED') {
    throw AppError.conflict('A cancelled invoice is not sent: nothing is owed on it');
  }
  const printed = { ...found, company: await businessDetailsOf(tx, by.organisationId) };
  const to = found.customer.email;
  const key = newLinkKey();
  const expires = new Date(Date.now() + INVOICE_LINK_DAYS * 86_400_000);
  await tx.insert(invoiceLinks).values({
    keyHash: hashSecret(key),
    organisationId: by.organisationId,
    invoiceId: by.invoiceId,
    expiresAt: expires,
  });
  const { subject, text } = emailOf(printed, sending, { url: invoiceCopyUrl(publicUrl, key), expires });
  const name = invoicePdfName(found.invoice.invoiceNumber);
  await enqueueEmail(tx, { to, subject, text, attachment: { name, content: await invoicePdf(printed) } });
  await recordInvoiceChange(tx, by.organisationId, by.invoiceId, {
    actorId: by.actorId,
    action: sending.kind === 'REMINDER' ? 'REMINDER_SENT' : 'SENT',
    description:
      sending.kind === 'REMINDER'
        ? `Reminder ${sending.number} of ${sending.of} sent by e-mail to ${to}`
        : `Sent by e-mail to ${to}`,
  });
  return to;
}
