/**
 * SQL for invoices. Every function takes the database or an open transaction first, then the organisation whose
 * invoices it reads or writes (decision 17). The invoice number is given by a trigger from the organisation's
 * counter, gapless and unique within it (drizzle/0012); amounts are numeric(12,2) in the database and numbers in
 * the answers. An invoice is written with its lines, and every change with a row of its history (decision 24).
 */
import {
  amountDueOf,
  formatMoney,
  invoiceDueDate,
  numberedLines,
  type Customer,
  type Invoice,
  type InvoiceDetail,
  type InvoiceEvent,
  type InvoiceEventAction,
  type InvoiceLineInput,
  type InvoiceStatus,
  type Payment,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { and, asc, desc, eq, sql, type AnyPgColumn, type SQL } from '../../db/orm.js';
import { customers, invoiceEvents, invoiceLines, invoicePayments, invoices, users } from '../../db/schema.js';
import { toApiCustomer } from './customers.repository.js';
import { noCustomer } from './not-found.js';

type InvoiceRow = typeof invoices.$inferSelect;

/** Cents exactly as typed: numeric(12,2) receives text, never a binary fraction. */
export const moneyText = (cents: number) => (cents / 100).toFixed(2);

/** The columns an invoice's answer is made of (toApiInvoice): a list of invoices reads only these. */
export const apiInvoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  customerId: invoices.customerId,
  services: invoices.services,
  status: invoices.status,
  date: invoices.date,
  total: invoices.total,
  createdAt: invoices.createdAt,
  amountPaid: invoices.amountPaid,
  cancelReason: invoices.cancelReason,
};

export function toApiInvoice(row: Pick<InvoiceRow, keyof typeof apiInvoiceColumns>): Invoice {
  const amountDue = amountDueOf(Number(row.total));
  const amountPaid = Math.round(Number(row.amountPaid) * 100);
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    services: row.services,
    status: row.status as InvoiceStatus,
    date: row.date,
    total: Number(row.total),
    createdAt: row.createdAt.toISOString(),
    dueDate: invoiceDueDate(row.date),
    amountDue: amountDue / 100,
    amountPaid: amountPaid / 100,
    balanceDue: row.status === 'CANCELED' ? 0 : (amountDue - amountPaid) / 100,
    cancelReason: row.cancelReason,
  };
}

const ofOrganisation = (organisationId: number) => eq(invoices.organisationId, organisationId);

/** A new invoice as the server made it from the request (invoice-content.ts): its amounts are computed. */
export type NewInvoice = {
  customerId: number;
  date: string;
  status: InvoiceStatus;
  lines: InvoiceLineInput[];
  services: string;
  /** Cents: the sum of the lines. */
  total: number;
  createdAt?: Date;
};

/** A change to write in an invoice's history; `actorId` null when the server made it on its own. */
export type InvoiceChange = { actorId: number | null; action: InvoiceEventAction; description: string };

export async function recordInvoiceChange(
  db: Queryable,
  organisationId: number,
  invoiceId: number,
  change: InvoiceChange,
): Promise<void> {
  await db.insert(invoiceEvents).values({ organisationId, invoiceId, ...change });
}

/**
 * Adds an invoice with its lines to a customer of the organisation, in the caller's transaction; 404 when it has
 * no such customer (or it was just removed): the foreign key names the customer within the invoice's
 * organisation. Created PAID, it is paid in full on its date; created CANCELED, it says so as its reason.
 */
export async function insertInvoice(
  db: Queryable,
  organisationId: number,
  invoice: NewInvoice,
  actorId: number | null,
): Promise<Invoice> {
  const amountDue = amountDueOf(invoice.total / 100);
  let row: InvoiceRow | undefined;
  try {
    [row] = await db
      .insert(invoices)
      .values({
        organisationId,
        customerId: invoice.customerId,
        services: invoice.services,
        date: invoice.date,
        status: invoice.status,
        total: moneyText(invoice.total),
        amountPaid: moneyText(invoice.status === 'PAID' ? amountDue : 0),
        cancelReason: invoice.status === 'CANCELED' ? 'Created as cancelled' : null,
        ...(invoice.createdAt && { createdAt: invoice.createdAt }),
      })
      .returning();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw noCustomer(invoice.customerId);
    throw error;
  }
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  const invoiceId = row.id;
  await db.insert(invoiceLines).values(
    numberedLines(invoice.lines).map((line) => ({
      organisationId,
      invoiceId,
      position: line.position,
      description: line.description,
      quantity: line.quantity.toFixed(2),
      unitPrice: line.unitPrice.toFixed(2),
    })),
  );
  if (invoice.status === 'PAID') {
    await db.insert(invoicePayments).values({
      organisationId,
      invoiceId,
      kind: 'PAYMENT',
      date: invoice.date,
      amount: moneyText(amountDue),
      method: 'OTHER',
      note: 'Paid when the invoice was created',
      ...(invoice.createdAt && { createdAt: invoice.createdAt }),
    });
  }
  const created = toApiInvoice(row);
  await db.insert(invoiceEvents).values({
    organisationId,
    invoiceId,
    actorId,
    action: 'CREATED',
    description: `Created as ${created.status}, ${formatMoney(amountDue)} due with the tax`,
    ...(invoice.createdAt && { at: invoice.createdAt }),
  });
  return created;
}

/** A customer's invoices, newest first. */
export async function invoicesOfCustomer(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(ofOrganisation(organisationId), eq(invoices.customerId, customerId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return rows.map(toApiInvoice);
}

/** Joined to its customer, within the invoice's organisation (the foreign key's two columns). */
export const invoiceCustomer = and(
  eq(customers.organisationId, invoices.organisationId),
  eq(customers.id, invoices.customerId),
);

/**
 * The invoice's row, locked until the caller's transaction ends: two changes of one invoice (two payments sent
 * at once) are made one after the other, each on what the other left.
 */
export async function lockInvoice(
  db: Queryable,
  organisationId: number,
  id: number,
): Promise<Invoice | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(ofOrganisation(organisationId), eq(invoices.id, id)))
    .for('update');
  return row && toApiInvoice(row);
}

/** Sets what a payment, a refund or a cancelling changed. */
export async function updateInvoiceState(
  db: Queryable,
  organisationId: number,
  id: number,
  state: { status: InvoiceStatus; amountPaid?: number; cancelReason?: string },
): Promise<void> {
  await db
    .update(invoices)
    .set({
      status: state.status,
      ...(state.amountPaid !== undefined && { amountPaid: moneyText(state.amountPaid) }),
      ...(state.cancelReason !== undefined && { cancelReason: state.cancelReason }),
    })
    .where(and(ofOrganisation(organisationId), eq(invoices.id, id)));
}

export async function insertPayment(
  db: Queryable,
  organisationId: number,
  invoiceId: number,
  payment: Pick<Payment, 'kind' | 'date' | 'method' | 'note'> & { cents: number },
): Promise<void> {
  const { cents, ...rest } = payment;
  await db.insert(invoicePayments).values({ organisationId, invoiceId, ...rest, amount: moneyText(cents) });
}

async function invoiceDetail(
  db: Queryable,
  organisationId: number,
  invoice: Invoice,
): Promise<InvoiceDetail> {
  const ofThisInvoice = (organisationColumn: AnyPgColumn, invoiceColumn: AnyPgColumn) =>
    and(eq(organisationColumn, organisationId), eq(invoiceColumn, invoice.id));
  const [lines, payments, history] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(ofThisInvoice(invoiceLines.organisationId, invoiceLines.invoiceId))
      .orderBy(asc(invoiceLines.position)),
    db
      .select()
      .from(invoicePayments)
      .where(ofThisInvoice(invoicePayments.organisationId, invoicePayments.invoiceId))
      .orderBy(asc(invoicePayments.id)),
    db
      .select({
        event: invoiceEvents,
        actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(invoiceEvents)
      .leftJoin(users, eq(users.id, invoiceEvents.actorId))
      .where(ofThisInvoice(invoiceEvents.organisationId, invoiceEvents.invoiceId))
      .orderBy(asc(invoiceEvents.id)),
  ]);
  return {
    ...invoice,
    lines: numberedLines(
      lines.map((line) => ({
        description: line.description,
        quantity: Number(line.quantity),
        unitPrice: Number(line.unitPrice),
      })),
    ),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind as Payment['kind'],
      date: p.date,
      amount: Number(p.amount),
      method: p.method as Payment['method'],
      note: p.note,
      createdAt: p.createdAt.toISOString(),
    })),
    history: history.map(({ event, actorName }): InvoiceEvent => ({
      id: event.id,
      at: event.at.toISOString(),
      actor: event.actorId === null ? null : { id: event.actorId, name: actorName ?? '' },
      action: event.action as InvoiceEventAction,
      description: event.description,
    })),
  };
}

export async function findInvoiceWithCustomer(
  db: Queryable,
  organisationId: number,
  id: number,
): Promise<{ invoice: InvoiceDetail; customer: Customer } | undefined> {
  const [row] = await db
    .select({ invoice: invoices, customer: customers })
    .from(invoices)
    .innerJoin(customers, invoiceCustomer)
    .where(and(ofOrganisation(organisationId), eq(invoices.id, id)));
  if (!row) return undefined;
  return {
    invoice: await invoiceDetail(db, organisationId, toApiInvoice(row.invoice)),
    customer: toApiCustomer(row.customer),
  };
}

/**
 * The invoices a set-returning function of drizzle/ gives as (organisation_id, invoice_id): those it finds across
 * organisations as the tables' owner (an e-mailed link's invoice, the invoices due for a reminder).
 */
export function invoiceRefsFrom(
  db: Queryable,
  call: SQL,
): Promise<{ organisationId: number; invoiceId: number }[]> {
  return db
    .select({
      organisationId: sql<number>`organisation_id`.mapWith(Number),
      invoiceId: sql<number>`invoice_id`.mapWith(Number),
    })
    .from(call);
}
