/**
 * The filtered invoice list's statements, planned once (OrganisationDatabase.genericPlanDb, decision 16), each
 * written so that its one plan reads the indexes it is meant to whatever its parameters (decision 25). A text
 * depends on the order and on whether one customer, dates or totals are asked, never on a value: the organisation,
 * the statuses, the ranges and the page are placeholders, so each text is prepared once per connection for every
 * organisation.
 *
 * The filters an index is not in order of are tested on the entries read (the indexes hold the date and total),
 * behind OFFSET 0 or written `+ 0`: not knowing the ranges, the planner could otherwise take them for narrow and
 * read another index instead. Each status is read in its own index, its value an index condition.
 */
import { FILTERED_LIST_CAP, PAGE_SIZE_MAX, type InvoiceSort, type SortOrder } from '@app/contracts';
import type { Database } from '../../db/database.js';
import { sql, type AnyPgColumn, type SQL } from '../../db/orm.js';
import { customers, invoiceDays, invoices } from '../../db/schema.js';
import { apiInvoiceColumns, invoiceCustomer } from './invoices.repository.js';

/** Each order's column, the one its indexes are in order of (schema.ts), the id breaking ties. */
export const SORT_KEYS: Record<InvoiceSort, AnyPgColumn> = {
  number: invoices.invoiceNumber,
  customer: invoices.customerName,
  status: invoices.status,
  date: invoices.date,
  total: invoices.totalCents,
  balanceDue: invoices.balanceCents,
};

/** Which range a statement reads: the dates asked, in their index, or the totals asked, in theirs. */
export type RangeRead = 'dates' | 'totals';

const organisationId = sql.placeholder('organisationId');
/** The statuses asked (or all four) as an array literal, `{PAID,PENDING}`. */
const statuses = sql`${sql.placeholder('statuses')}::text[]`;
const dates = sql`${sql.placeholder('from')}::date AND ${sql.placeholder('to')}::date`;
const cents = sql`${sql.placeholder('minCents')} AND ${sql.placeholder('maxCents')}`;
const end = sql.placeholder('end');
const page = sql`LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}`;

/** The status being read, of the statuses unnested `AS asked(status)`. */
const asked = sql`asked.status`;

const direction = (order: SortOrder) => sql.raw(order === 'asc' ? 'ASC' : 'DESC');
const inOrder = (key: SQL | AnyPgColumn, id: SQL | AnyPgColumn, order: SortOrder) =>
  sql`ORDER BY ${key} ${direction(order)}, ${id} ${direction(order)}`;

/** invoice_days' rows of `status` (an expression of one status) within the dates asked, empty days aside. */
const daysOf = (status: SQL) =>
  sql`${invoiceDays.organisationId} = ${organisationId} AND ${invoiceDays.status} = ${status}
    AND ${invoiceDays.date} BETWEEN ${dates} AND ${invoiceDays.invoices} > 0`;

/** Each status asked, in turn, as `asked.status`: the status is then an equality the index is searched with. */
const eachStatus = sql`unnest(${statuses}) AS asked(status)`;

/**
 * How many invoices of the statuses have a date within the range, up to `cap`: invoice_days' counts added in index
 * order until they pass it (a day of a busy business may be enough), else all of them.
 */
function daysHold(cap: SQL): SQL {
  const counts = sql`SELECT days.invoices FROM ${eachStatus}
    CROSS JOIN LATERAL (SELECT ${invoiceDays.invoices} AS invoices FROM ${invoiceDays} WHERE ${daysOf(asked)}) AS days`;
  return sql`coalesce(
    (SELECT ${cap} FROM (SELECT sum(invoices) OVER (ROWS UNBOUNDED PRECEDING) AS running FROM (${counts}) AS counted)
      AS added WHERE running >= ${cap} LIMIT 1),
    (SELECT sum(invoices) FROM (${counts}) AS counted),
    0)`;
}

/** The filters, the range read as an index condition, the other tested on the entries read. */
/** The merged walks' and the range reads' statuses: those asked, and one no invoice has in the others' place. */
export const READ_STATUSES = 4;
const statusAt = (i: number) => sql`${sql.placeholder(`status${i}`)}::text`;

/**
 * One status's invoices the filters find, the range read its index condition, the other filter tested on the entries
 * read (the status a placeholder, so that it is planned as an equality the index is searched with).
 */
function filtersReading(range: RangeRead, status: SQL) {
  return range === 'dates'
    ? sql`${invoices.status} = ${status} AND ${invoices.date} BETWEEN ${dates}
        AND (${invoices.totalCents} + 0) BETWEEN ${cents}`
    : sql`${invoices.status} = ${status} AND ${invoices.totalCents} BETWEEN ${cents}
        AND (${invoices.date} + 0) BETWEEN ${dates}`;
}

/** The invoices the filters find, reading `range` for each status in turn. */
const matchesReading = (range: RangeRead, columns: SQL) =>
  sql.join(
    Array.from(
      { length: READ_STATUSES },
      (_, i) => sql`(SELECT ${columns} FROM ${invoices}
        WHERE ${invoices.organisationId} = ${organisationId} AND ${filtersReading(range, statusAt(i))})`,
    ),
    sql` UNION ALL `,
  );

/** How many invoices the filters find, up to `cap`, reading `range`. */
const rangeCount = (range: RangeRead, cap: SQL) =>
  sql`(SELECT count(*) FROM (SELECT FROM (${matchesReading(range, sql`1`)}) AS found LIMIT ${cap}) AS counted)`;

/**
 * A page of a list of few matches: every match read through `range`, then sorted. Materialized, so that no plan
 * walks an order's index instead.
 */
const everyMatch = (range: RangeRead, sort: InvoiceSort, order: SortOrder) =>
  sql`WITH matches AS MATERIALIZED (${matchesReading(range, sql`${invoices.id} AS id, ${SORT_KEYS[sort]} AS key`)})
    SELECT id, key FROM matches ${inOrder(sql`key`, sql`id`, order)} ${page}`;

const ofCustomer = sql`${invoices.organisationId} = ${organisationId}
  AND ${invoices.customerId} = ${sql.placeholder('customerId')} AND ${invoices.status} = ANY(${statuses})
  AND (${invoices.date} + 0) BETWEEN ${dates} AND (${invoices.totalCents} + 0) BETWEEN ${cents}`;

/** How many invoices of one customer the filters find, up to `cap`, read through invoices_customer_idx. */
const customerCount = (cap: SQL) =>
  sql`(SELECT count(*) FROM (SELECT FROM ${invoices} WHERE ${ofCustomer} LIMIT ${cap}) AS counted)`;

/** A page of one customer's invoices: all of them (a customer has a few), sorted. */
const customerPage = (sort: InvoiceSort, order: SortOrder) =>
  sql`WITH matches AS MATERIALIZED (
      SELECT ${invoices.id} AS id, ${SORT_KEYS[sort]} AS key FROM ${invoices} WHERE ${ofCustomer}
    )
    SELECT id, key FROM matches ${inOrder(sql`key`, sql`id`, order)} ${page}`;

/**
 * The status a walk reads, and the smallest and largest ids and numbers invoice_days gives it on the dates asked
 * (each an expression: a column of a lateral row, or a subquery).
 */
type Walked = { status: SQL; bound(column: 'first_id' | 'last_id' | 'first_number' | 'last_number'): SQL };

/** Which of a status's invoices a walk reads (`part`), and how far in the order the filters let them be (`reach`). */
type Part = { part: SQL; reach?: SQL };

/**
 * Where a status's walk starts, for a list with dates: ids and numbers grow with time, so a walk by number, or by id
 * within one key (the status itself; every paid invoice owes 0, and they follow each other by id), would otherwise
 * pass every invoice of the other dates first. Other orders' keys rarely tie.
 */
function startOf(sort: InvoiceSort, order: SortOrder, { status, bound }: Walked, { part, reach }: Part) {
  const key = SORT_KEYS[sort];
  const up = order === 'asc';
  const onward = sql.raw(up ? '>=' : '<=');
  if (sort === 'number') return sql`${key} ${onward} ${bound(up ? 'first_number' : 'last_number')}`;
  const id = bound(up ? 'first_id' : 'last_id');
  if (sort === 'status') return sql`${invoices.id} ${onward} ${id}`;
  if (sort !== 'balanceDue') return undefined;
  // Within the first balance in reach, the ids of the dates asked; past it, every id (and every balance in reach).
  const firstKey = sql`(SELECT ${key} FROM ${invoices} WHERE ${invoices.organisationId} = ${organisationId}
    AND ${invoices.status} = ${status} AND ${part} ${reach ? sql`AND ${reach}` : sql``}
    ORDER BY ${key} ${direction(order)} LIMIT 1)`;
  return sql`${id} IS NOT NULL AND (${key}, ${invoices.id}) ${onward} (${firstKey}, ${id})`;
}

/** The balance a total of `cents` at least owes, unpaid (its tax rounded down, and a cent to spare for rounding). */
export const leastOwedOn = (cents: number) => cents + Math.floor(cents * 0.054) - 1;
/** The balance a total of at most `cents` can owe: its tax rounded up, and a cent to spare. */
export const mostOwedOn = (cents: number) => cents + Math.ceil(cents * 0.054) + 1;

/**
 * What a status's walk reads, each part in its order. A balance is read in two parts, in two partial indexes: an
 * invoice nothing was paid for owes its total with tax, so the unpaid ones of a total from `minCents` owe at least
 * `leastOwed`, and their walk up starts there (but a cancelled invoice, which owes nothing); the others are walked
 * from the least owed. Walked down, both start at the most a total up to `maxCents` can owe.
 */
function partsOf(sort: InvoiceSort, order: SortOrder, status: SQL): Part[] {
  if (sort !== 'balanceDue') return [{ part: sql`TRUE` }];
  const key = SORT_KEYS[sort];
  const unpaid = sql`${invoices.amountPaid} = 0`;
  const paid = sql`${invoices.amountPaid} > 0`;
  if (order === 'desc') {
    const reach = sql`${key} <= ${sql.placeholder('mostOwed')}`;
    return [
      { part: unpaid, reach },
      { part: paid, reach },
    ];
  }
  const leastOwed = sql`CASE WHEN ${status} = 'CANCELED' THEN 0 ELSE ${sql.placeholder('leastOwed')}::bigint END`;
  return [{ part: unpaid, reach: sql`${key} >= ${leastOwed}` }, { part: paid }];
}

/** The walks of one status's parts, each in the order from where it starts, with the date and total to test. */
function walksOf(sort: InvoiceSort, order: SortOrder, dated: boolean, walked: Walked): SQL[] {
  const key = SORT_KEYS[sort];
  const keyRange =
    sort === 'date'
      ? sql`${invoices.date} BETWEEN ${dates}`
      : sort === 'total'
        ? sql`${invoices.totalCents} BETWEEN ${cents}`
        : undefined;
  return partsOf(sort, order, walked.status).map((part) => {
    // A start from the dates replaces the reach it was found within: two bounds of one column could leave the
    // index scan starting at the wrong one.
    const start = (dated && startOf(sort, order, walked, part)) || part.reach;
    const conditions = [
      sql`${invoices.organisationId} = ${organisationId}`,
      sql`${invoices.status} = ${walked.status}`,
      part.part,
      keyRange,
      start,
    ].filter((condition) => condition !== undefined);
    return sql`(SELECT ${invoices.id} AS id, ${key} AS key, ${invoices.date} AS date, ${invoices.totalCents} AS cents
      FROM ${invoices} WHERE ${sql.join(conditions, sql` AND `)} ${inOrder(key, invoices.id, order)})`;
  });
}

/**
 * The filters, tested on what the walks read. Written as a CASE, whose share of rows the planner takes for a half:
 * as ranges of unknown ends it would take them for a few rows in a thousand, and plan the walks for reading every
 * invoice of the status, for which sorting them can look cheaper than walking an index in order.
 */
const filtered = sql`(CASE WHEN date BETWEEN ${dates} AND cents BETWEEN ${cents} THEN TRUE END)`;

/**
 * A page of a list of many matches, in the order. Each status asked (or all four) walks its index of the order,
 * and the walks are merged in order (Merge Append, which reads each only as far as the page needs), then filtered.
 * The filters are tested after OFFSET 0, which keeps the planner from moving them into the walks: not knowing the
 * ranges, it would take them for narrow and sort every invoice another index finds for them instead.
 *
 * By status, a merge cannot tell the walks apart (each walk's status is one value), and would sort them all: each
 * status walks instead until it has the page's end of matches, and those are sorted.
 */
function walk(sort: InvoiceSort, order: SortOrder, dated: boolean) {
  const days = (status: SQL) => sql`FROM ${invoiceDays} WHERE ${daysOf(status)}`;
  if (sort === 'status') {
    const walked: Walked = { status: asked, bound: (column) => sql.raw(`bounds.${column}`) };
    const bounds = sql`CROSS JOIN LATERAL (SELECT min(${invoiceDays.firstId}) AS first_id, max(${invoiceDays.lastId})
      AS last_id ${days(asked)}) AS bounds`;
    return sql`SELECT id, key FROM ${eachStatus} ${dated ? bounds : sql``} CROSS JOIN LATERAL (
        SELECT id, key FROM (${walksOf(sort, order, dated, walked)[0]} OFFSET 0) AS walk WHERE ${filtered} LIMIT ${end}
      ) AS firsts ${inOrder(sql`key`, sql`id`, order)} ${page}`;
  }
  // Each status's bounds worked out once (a balance's two parts use them twice each), when its walks need them.
  const bounds = (i: number) => sql.raw(`bounds${i}`);
  const walks = Array.from({ length: READ_STATUSES }, (_, i) =>
    walksOf(sort, order, dated, {
      status: statusAt(i),
      bound: (column) => sql`(SELECT ${sql.raw(column)} FROM ${bounds(i)})`,
    }),
  ).flat();
  const boundsOf = (
    i: number,
  ) => sql`${bounds(i)} AS MATERIALIZED (SELECT min(${invoiceDays.firstId}) AS first_id,
      max(${invoiceDays.lastId}) AS last_id, min(${invoiceDays.firstNumber}) AS first_number,
      max(${invoiceDays.lastNumber}) AS last_number ${days(statusAt(i))})`;
  const withBounds =
    dated && (sort === 'number' || sort === 'balanceDue')
      ? sql`WITH ${sql.join(
          Array.from({ length: READ_STATUSES }, (_, i) => boundsOf(i)),
          sql`, `,
        )}`
      : sql``;
  // No ORDER BY around the merge, which keeps its order: so the planner plans the walks for the first rows (a LIMIT
  // over them), not for reading them all, which could make sorting each status's every invoice look cheaper.
  return sql`${withBounds} SELECT id, key FROM (
      SELECT * FROM (${sql.join(walks, sql` UNION ALL `)}) AS walks ${inOrder(sql`key`, sql`id`, order)} OFFSET 0
    ) AS merged WHERE ${filtered} ${page}`;
}

/** What a list asks, as far as its statement's text goes (invoice-list.ts chooses the values). */
export type ListShape = {
  sort: InvoiceSort;
  order: SortOrder;
  /** Invoices of one customer. */
  customer: boolean;
  /** A range of dates (one end or both), for the orders whose walks start where the dates begin (startsAtDates). */
  dated: boolean;
  /** A range of totals (one end or both). */
  totals: boolean;
};

/** The orders whose walks start at the ids or numbers of the dates asked (startOf): the others' texts do not change. */
export const startsAtDates = (sort: InvoiceSort) =>
  sort === 'number' || sort === 'status' || sort === 'balanceDue';

/** Enough to count past the cap, and so say that more invoices match. */
export const COUNTED_UP_TO = FILTERED_LIST_CAP + 1;
/**
 * A list with totals reads its dates when they hold fewer invoices than this (so it reads at most this many), else
 * its totals: the dates then hold a share of the invoices large enough that about COUNTED_UP_TO × invoices /
 * DATES_READ_BELOW entries of the totals (25 000 at 500 000 invoices) find the cap's worth of matches.
 */
export const DATES_READ_BELOW = 20_000;

/**
 * The list's one statement: how many invoices match (up to COUNTED_UP_TO), and the page's invoices with their
 * customers, in order; a row without an invoice when the page is empty.
 * - one customer's: counted and read through that customer's invoices, a few;
 * - otherwise counted from invoice_days for statuses and dates, or reading the invoices of the dates or of the
 *   totals when totals are asked, whichever are fewer (as invoice_days tells); a list of up to the cap reads every
 *   match the same way and sorts them, a longer one walks the order.
 * Each page's way is gated by the count, so only the one chosen runs. The counts are behind OFFSET 0, so that each
 * is worked out once: pulled up into the statement, they would be worked out again for each way that tests them.
 */
export function listStatement(db: Database, { sort, order, customer, dated, totals }: ListShape) {
  const upTo = sql.raw(String(COUNTED_UP_TO));
  const readBelow = sql`${sql.placeholder('datesReadBelow')}::bigint`;
  const few = sql`counted.matches <= ${sql.placeholder('everyMatchUpTo')}::bigint`;
  const gated = (condition: SQL, ids: SQL) => sql`SELECT id, key FROM (${ids}) AS ids WHERE ${condition}`;
  let counted: SQL;
  let ways: SQL[];
  if (customer) {
    counted = sql`SELECT ${customerCount(upTo)} AS matches`;
    ways = [customerPage(sort, order)];
  } else if (!totals) {
    counted = sql`SELECT held AS matches, held FROM (SELECT ${daysHold(upTo)} AS held OFFSET 0) AS days`;
    ways = [gated(few, everyMatch('dates', sort, order)), gated(sql`NOT ${few}`, walk(sort, order, dated))];
  } else {
    counted = sql`SELECT held, CASE WHEN held < ${readBelow} THEN ${rangeCount('dates', upTo)}
      ELSE ${rangeCount('totals', upTo)} END AS matches FROM (SELECT ${daysHold(readBelow)} AS held OFFSET 0) AS days`;
    ways = [
      gated(sql`${few} AND counted.held < ${readBelow}`, everyMatch('dates', sort, order)),
      gated(sql`${few} AND counted.held >= ${readBelow}`, everyMatch('totals', sort, order)),
      gated(sql`NOT ${few}`, walk(sort, order, dated)),
    ];
  }
  return (
    db
      .select({
        matches: sql<number>`counted.matches`.mapWith(Number),
        invoice: apiInvoiceColumns,
        customer: { id: customers.id, name: customers.name },
      })
      .from(sql`(${counted} OFFSET 0) AS counted`)
      // No page has more rows than a page's largest size: so the planner reads the page's invoices and customers one
      // by one by id, whatever it guesses of how many the ways give.
      .leftJoin(
        sql`LATERAL (SELECT * FROM (${sql.join(ways, sql` UNION ALL `)}) AS ways LIMIT ${sql.raw(String(PAGE_SIZE_MAX))}) AS page`,
        sql`TRUE`,
      )
      .leftJoin(invoices, sql`${invoices.organisationId} = ${organisationId} AND ${invoices.id} = page.id`)
      .leftJoin(customers, invoiceCustomer)
      .orderBy(sql`page.key ${direction(order)}`, sql`page.id ${direction(order)}`)
  );
}

export type ListStatement = ReturnType<typeof listStatement>;
