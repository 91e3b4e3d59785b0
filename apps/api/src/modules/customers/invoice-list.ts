/**
 * GET /customer/invoice/list (SPEC §7, issue 24): SPEC's whole list newest first, counted from customer_totals;
 * or a list filtered by status, customer, dates and totals and sorted by any of its columns. A filtered or
 * sorted list pages through its first FILTERED_LIST_CAP invoices and counts no further: each such call reads at
 * most that many index entries, whatever the number of invoices (every order has its index, drizzle/0022).
 */
import {
  DEFAULT_SORT_ORDER,
  FILTERED_LIST_CAP,
  isFilteredOrSorted,
  type InvoiceFilterQuery,
  type InvoiceListData,
  type InvoiceListQuery,
  type InvoiceSort,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
} from '../../db/orm.js';
import { customers, invoices } from '../../db/schema.js';
import { customerStats } from './customers.repository.js';
import { balanceDueSql } from './invoice-amounts.js';
import { invoiceCustomer, toApiInvoice } from './invoices.repository.js';
import { limitOffset, toPage } from './paging.js';

type InvoicePage = InvoiceListData['page'];

const SORT_COLUMNS: Record<InvoiceSort, SQLWrapper> = {
  number: invoices.invoiceNumber,
  customer: customers.name,
  status: invoices.status,
  date: invoices.date,
  total: invoices.total,
  balanceDue: balanceDueSql,
};

/** The organisation's invoices the filters find (the list's and the export's). */
export function conditionsOf(organisationId: number, query: InvoiceFilterQuery): SQL | undefined {
  const { status, customerId, from, to, min, max } = query;
  return and(
    eq(invoices.organisationId, organisationId),
    status && inArray(invoices.status, status),
    customerId === undefined ? undefined : eq(invoices.customerId, customerId),
    from === undefined ? undefined : gte(invoices.date, from),
    to === undefined ? undefined : lte(invoices.date, to),
    min === undefined ? undefined : gte(invoices.total, min.toFixed(2)),
    max === undefined ? undefined : lte(invoices.total, max.toFixed(2)),
  );
}

export async function listInvoices(
  db: Queryable,
  organisationId: number,
  query: InvoiceListQuery,
): Promise<InvoicePage> {
  const { page, size, ...asked } = query;
  const { limit, offset } = limitOffset(query);
  const newestFirst = [desc(invoices.createdAt), desc(invoices.id)];
  const select = () =>
    db
      .select({ invoice: invoices, customer: { id: customers.id, name: customers.name } })
      .from(invoices)
      .innerJoin(customers, invoiceCustomer);
  const pageOf = (rows: Awaited<ReturnType<typeof select>>, total: number, capped: boolean) => ({
    ...toPage(
      rows.map((row) => ({ ...toApiInvoice(row.invoice), customer: row.customer })),
      total,
      { page, size },
    ),
    capped,
  });

  if (!isFilteredOrSorted(asked)) {
    const [rows, stats] = await Promise.all([
      select()
        .where(eq(invoices.organisationId, organisationId))
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
      // The count kept in customer_totals, not a count(*) of 500 000 invoices.
      customerStats(db, organisationId),
    ]);
    return pageOf(rows, stats.totalInvoices, false);
  }

  if (offset + limit > FILTERED_LIST_CAP) {
    throw AppError.badRequest(
      `A filtered or sorted list shows its first ${FILTERED_LIST_CAP} invoices: narrow the filters to see the others`,
    );
  }
  const where = conditionsOf(organisationId, query);
  const sort = asked.sort;
  const direction = (asked.order ?? (sort ? DEFAULT_SORT_ORDER[sort] : 'desc')) === 'asc' ? asc : desc;
  const order = sort ? [direction(SORT_COLUMNS[sort]), direction(invoices.id)] : newestFirst;
  const [rows, [counted]] = await Promise.all([
    select()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    // Counted up to one past the cap: enough to say whether there are more.
    db.select({ matches: count() }).from(
      db
        .select({ one: sql`1` })
        .from(invoices)
        .where(where)
        .limit(FILTERED_LIST_CAP + 1)
        .as('matches'),
    ),
  ]);
  const matches = counted?.matches ?? 0;
  return pageOf(rows, Math.min(matches, FILTERED_LIST_CAP), matches > FILTERED_LIST_CAP);
}
