/**
 * GET /customer/invoice/list (SPEC §7, issue 24): SPEC's whole list newest first, counted from customer_totals;
 * or a list filtered by status, customer, dates and totals and sorted by any of its columns (by invoice date,
 * newest first, unless asked). A filtered or sorted list counts and pages through its first FILTERED_LIST_CAP
 * invoices only, so a broad filter's count stays bounded.
 *
 * A filtered list is one statement, planned once for all its runs (invoice-list-statements.ts, decision 25): its
 * text is chosen here by what the list asks (the order, one customer, dates, totals), never by values, and the
 * statement itself counts the matches and takes the way to the page that count calls for.
 */
import {
  DEFAULT_SORT_ORDER,
  FILTERED_DEFAULT_SORT,
  FILTERED_LIST_CAP,
  INVOICE_STATUSES,
  isFilteredOrSorted,
  type InvoiceFilterQuery,
  type InvoiceListData,
  type InvoiceListQuery,
} from '@app/contracts';
import type { Database, OrganisationDatabase } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { and, desc, eq, gte, inArray, lte, type SQL } from '../../db/orm.js';
import { customers, invoices } from '../../db/schema.js';
import { customerStats } from './customers.repository.js';
import {
  leastOwedOn,
  listStatement,
  mostOwedOn,
  type ListShape,
  type ListStatement,
  DATES_READ_BELOW,
  startsAtDates,
  READ_STATUSES,
} from './invoice-list-statements.js';
import { invoiceCustomer, toApiInvoice } from './invoices.repository.js';
import { limitOffset, toPage } from './paging.js';

type InvoicePage = InvoiceListData['page'];
type PageRow = { invoice: Parameters<typeof toApiInvoice>[0]; customer: { id: number; name: string } };

/** The organisation whose list it is, with its connections (OrganisationDatabase). */
export type InvoiceListScope = { id: number } & OrganisationDatabase;

/** Above any total (numeric(12,2)), in cents: the range of a list that asks for none. */
const NO_LARGER_TOTAL = 1_000_000_000_000;

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

/** The statements this process prepared on each organisation's connections, by their text's name. */
const prepared = new WeakMap<Database, Map<string, PreparedList>>();
type PreparedList = ReturnType<ListStatement['prepare']>;

function statementOf(db: Database, shape: ListShape): PreparedList {
  const name = `invoice_list_${shape.sort}_${shape.order}${shape.customer ? '_customer' : ''}${shape.dated ? '_dated' : ''}${shape.totals ? '_totals' : ''}`;
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = listStatement(db, shape).prepare(name)));
  return statement;
}

/**
 * Where the list changes ways: it reads the totals when the dates hold datesReadBelow invoices or more, and walks
 * the order when more than everyMatchUpTo match. A test changes them to take every way at a few thousand invoices.
 */
export type ListTuning = { datesReadBelow: number; everyMatchUpTo: number };

/** What a filtered list's statement text depends on (invoice-list-statements.ts). */
export function listShape(query: InvoiceListQuery): ListShape {
  const sort = query.sort ?? FILTERED_DEFAULT_SORT;
  return {
    sort,
    order: query.order ?? DEFAULT_SORT_ORDER[sort],
    customer: query.customerId !== undefined,
    // Only where they change the text: each text is prepared on each connection.
    dated:
      query.customerId === undefined &&
      startsAtDates(sort) &&
      (query.from !== undefined || query.to !== undefined),
    totals: query.customerId === undefined && (query.min !== undefined || query.max !== undefined),
  };
}

/** The values of a filtered list's statement: what the list asks, an end of a range it leaves open made wide. */
export function listValues(organisationId: number, query: InvoiceListQuery, tuning: ListTuning) {
  const { limit, offset } = limitOffset(query);
  const minCents = query.min === undefined ? 0 : Math.round(query.min * 100);
  const maxCents = query.max === undefined ? NO_LARGER_TOTAL : Math.round(query.max * 100);
  const statuses = query.status ?? INVOICE_STATUSES;
  return {
    organisationId,
    statuses: `{${statuses.join(',')}}`,
    ...Object.fromEntries(
      Array.from({ length: READ_STATUSES }, (_, i) => [`status${i}`, statuses[i] ?? 'NONE']),
    ),
    from: query.from ?? '-infinity',
    to: query.to ?? 'infinity',
    minCents,
    maxCents,
    leastOwed: leastOwedOn(minCents),
    mostOwed: mostOwedOn(maxCents),
    customerId: query.customerId,
    limit,
    offset,
    end: offset + limit,
    ...tuning,
  };
}

/** A filtered or sorted list's page and how many invoices match, up to COUNTED_UP_TO, in one statement. */
async function filteredList(scope: InvoiceListScope, query: InvoiceListQuery, tuning: ListTuning) {
  const statement = statementOf(scope.genericPlanDb, listShape(query));
  const rows = await statement.execute(listValues(scope.id, query, tuning));
  return {
    matches: rows[0]?.matches ?? 0,
    rows: rows.flatMap(({ invoice, customer }): PageRow[] =>
      invoice && customer ? [{ invoice, customer }] : [],
    ),
  };
}

export async function listInvoices(
  scope: InvoiceListScope,
  query: InvoiceListQuery,
  tuning: ListTuning = { datesReadBelow: DATES_READ_BELOW, everyMatchUpTo: FILTERED_LIST_CAP },
): Promise<InvoicePage> {
  const { page, size, ...asked } = query;
  const { db, id: organisationId } = scope;
  const pageOf = (rows: PageRow[], total: number, capped: boolean) => ({
    ...toPage(
      rows.map((row) => ({ ...toApiInvoice(row.invoice), customer: row.customer })),
      total,
      { page, size },
    ),
    capped,
  });

  if (!isFilteredOrSorted(asked)) {
    const { limit, offset } = limitOffset(query);
    const [rows, stats] = await Promise.all([
      db
        .select({ invoice: invoices, customer: { id: customers.id, name: customers.name } })
        .from(invoices)
        .innerJoin(customers, invoiceCustomer)
        .where(eq(invoices.organisationId, organisationId))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(limit)
        .offset(offset),
      // The count kept in customer_totals, not a count(*) of 500 000 invoices.
      customerStats(db, organisationId),
    ]);
    return pageOf(rows, stats.totalInvoices, false);
  }

  const { limit, offset } = limitOffset(query);
  if (offset + limit > FILTERED_LIST_CAP) {
    throw AppError.badRequest(
      `A filtered or sorted list shows its first ${FILTERED_LIST_CAP} invoices: narrow the filters to see the others`,
    );
  }
  const { rows, matches } = await filteredList(scope, query, tuning);
  return pageOf(rows, Math.min(matches, FILTERED_LIST_CAP), matches > FILTERED_LIST_CAP);
}
