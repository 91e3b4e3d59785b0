/**
 * SQL for invoices. Every function takes the database or an open transaction first, then the organisation whose
 * invoices it reads or writes (decision 17). The invoice number is given by a trigger from the organisation's
 * counter, gapless and unique within it (drizzle/0012); totals are numeric(12,2) in the database and numbers in
 * the answers.
 */
import type {
  CreateInvoice,
  Customer,
  Invoice,
  InvoiceStatus,
  InvoiceWithCustomer,
  Page,
  PageQuery,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { and, desc, eq } from '../../db/orm.js';
import { customers, invoices } from '../../db/schema.js';
import { customerStats, toApiCustomer } from './customers.repository.js';
import { noCustomer } from './not-found.js';
import { limitOffset, toPage } from './paging.js';

type InvoiceRow = typeof invoices.$inferSelect;

export function toApiInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    services: row.services,
    status: row.status as InvoiceStatus,
    date: row.date,
    total: Number(row.total),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Cents exactly as typed: numeric(12,2) receives text, never a binary fraction. */
const moneyText = (amount: number) => amount.toFixed(2);

const ofOrganisation = (organisationId: number) => eq(invoices.organisationId, organisationId);

/**
 * Adds an invoice to a customer of the organisation; 404 when it has no such customer (or it was just removed):
 * the foreign key names the customer within the invoice's organisation.
 */
export async function insertInvoice(
  db: Queryable,
  organisationId: number,
  values: CreateInvoice,
): Promise<Invoice> {
  try {
    const [row] = await db
      .insert(invoices)
      .values({
        organisationId,
        customerId: values.customerId,
        services: values.services,
        date: values.date,
        status: values.status,
        total: moneyText(values.total),
      })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return toApiInvoice(row);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw noCustomer(values.customerId);
    throw error;
  }
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
const invoiceCustomer = and(
  eq(customers.organisationId, invoices.organisationId),
  eq(customers.id, invoices.customerId),
);

export async function listInvoices(
  db: Queryable,
  organisationId: number,
  query: PageQuery,
): Promise<Page<InvoiceWithCustomer>> {
  const { limit, offset } = limitOffset(query);
  const [rows, stats] = await Promise.all([
    db
      .select({ invoice: invoices, customer: { id: customers.id, name: customers.name } })
      .from(invoices)
      .innerJoin(customers, invoiceCustomer)
      .where(ofOrganisation(organisationId))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(limit)
      .offset(offset),
    // The count kept in customer_totals, not a count(*) of 500 000 invoices.
    customerStats(db, organisationId),
  ]);
  const content = rows.map((r) => ({ ...toApiInvoice(r.invoice), customer: r.customer }));
  return toPage(content, stats.totalInvoices, query);
}

export async function findInvoiceWithCustomer(
  db: Queryable,
  organisationId: number,
  id: number,
): Promise<{ invoice: Invoice; customer: Customer } | undefined> {
  const [row] = await db
    .select({ invoice: invoices, customer: customers })
    .from(invoices)
    .innerJoin(customers, invoiceCustomer)
    .where(and(ofOrganisation(organisationId), eq(invoices.id, id)));
  return row && { invoice: toApiInvoice(row.invoice), customer: toApiCustomer(row.customer) };
}
