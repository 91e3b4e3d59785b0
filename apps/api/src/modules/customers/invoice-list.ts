/**
 * GET /customer/invoice/list (SPEC §7, issue 24): SPEC's whole list newest first, counted from customer_totals;
 * or a list filtered by status, customer, dates and totals and sorted by any of its columns (by invoice date,
 * newest first, unless asked). A filtered or sorted list counts and pages through its first FILTERED_LIST_CAP
 * invoices only, so a broad filter's count stays bounded. Each order walks an index of its own, and the same
 * within each status (drizzle/0022); a narrow filter on another key than the order still walks many of its
 * entries (the at-scale benchmark measures it).
 */
import {
  DEFAULT_SORT_ORDER,
  FILTERED_DEFAULT_SORT,
  FILTERED_LIST_CAP,
  isFilteredOrSorted,
  type InvoiceFilterQuery,
  type InvoiceListData,
  type InvoiceListQuery,
  type InvoiceSort,
  type InvoiceStatus,
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
  total: invoices.totalCents,
  balanceDue: balanceDueSql,
};

/** The orders each status has an index of (organisation, status, key, id) for (schema.ts). */
const PER_STATUS_SORTS = new Set<InvoiceSort>(['number', 'date', 'total', 'balanceDue']);
const NUMERIC_SORTS = new Set<InvoiceSort>(['total', 'balanceDue']);

/**
 * The ids of a page of a list filtered by several statuses, in a per-status order: each status's first
 * offset + limit invoices walked in its own index, then merged. Walking one index of the order with the statuses as
 * a filter could pass most of the table first: every PAID and CANCELED invoice has a balance of 0, so the open
 * invoices by smallest balance come after all of them.
 */
async function pageIdsByStatus(
  db: Queryable,
  organisationId: number,
  query: InvoiceFilterQuery,
  statuses: readonly string[],
  sort: InvoiceSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<number[]> {
  const direction = order === 'asc' ? asc : desc;
  const key = SORT_COLUMNS[sort];
  const branches = await Promise.all(
    statuses.map((status) =>
      db
        .select({ id: invoices.id, key: sql<string>`(${key})::text` })
        .from(invoices)
        .where(conditionsOf(organisationId, { ...query, status: [status as InvoiceStatus] }))
        .orderBy(direction(key), direction(invoices.id))
        .limit(offset + limit),
    ),
  );
  const sign = order === 'asc' ? 1 : -1;
  const compareKeys = NUMERIC_SORTS.has(sort)
    ? (a: string, b: string) => Number(a) - Number(b)
    : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return branches
    .flat()
    .sort((a, b) => sign * (compareKeys(a.key, b.key) || a.id - b.id))
    .slice(offset, offset + limit)
    .map((row) => row.id);
}

/** The organisation's invoices the filters find (the list's and the export's). */
export function conditionsOf(organisationId: number, query: InvoiceFilterQuery): SQL | undefined {
  const { status, customerId, from, to, min, max } = query;
  return and(
    eq(invoices.organisationId, organisationId),
    status && inArray(invoices.status, status),
    customerId === undefined ? undefined : eq(invoices.customerId, customerId),
    from === undefined ? undefined : gte(invoices.date, from),
    to === undefined ? undefined : lte(invoices.date, to),
    // In cents (a leakproof comparison, which row-level security lets the index serve: schema.ts).
    min === undefined ? undefined : gte(invoices.totalCents, Math.round(min * 100)),
    max === undefined ? undefined : lte(invoices.totalCents, Math.round(max * 100)),
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
  const sort = asked.sort ?? FILTERED_DEFAULT_SORT;
  const order = asked.order ?? DEFAULT_SORT_ORDER[sort];
  const direction = order === 'asc' ? asc : desc;
  const statuses = asked.status ?? [];
  const byStatus = statuses.length > 1 && PER_STATUS_SORTS.has(sort);
  const [rows, [counted]] = await Promise.all([
    byStatus
      ? pageIdsByStatus(db, organisationId, query, statuses, sort, order, limit, offset).then((ids) =>
          ids.length === 0
            ? []
            : select()
                .where(and(eq(invoices.organisationId, organisationId), inArray(invoices.id, ids)))
                .orderBy(direction(SORT_COLUMNS[sort]), direction(invoices.id)),
        )
      : select()
          .where(where)
          .orderBy(direction(SORT_COLUMNS[sort]), direction(invoices.id))
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
