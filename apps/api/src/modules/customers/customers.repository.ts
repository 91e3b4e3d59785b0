/**
 * SQL for customers. Every function takes the database or an open transaction first, then the organisation whose
 * customers it reads or writes: each statement names it, and the connection is set to it too, under row-level
 * security (decision 17). Lists are newest first with the id as tie-break (the customers_recent_idx order), so a
 * page never shows a row twice or skips one when several customers share a creation instant.
 */
import type {
  CreateCustomer,
  Customer,
  CustomerOption,
  CustomerStatus,
  CustomerType,
  Stats,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from '../../db/orm.js';
import { customers, customerTotals } from '../../db/schema.js';
import { ANCHOR_STRIDE, type Anchors } from './customer-list-memory.js';

type CustomerRow = typeof customers.$inferSelect;

export function toApiCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    address: row.address,
    phone: row.phone,
    type: row.type as CustomerType,
    status: row.status as CustomerStatus,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    totalBilled: row.billedCents / 100,
  };
}

/** An organisation's id, as a value or as the placeholder of a prepared statement. */
type OrganisationId = number | Placeholder;

/** The rows of one organisation (the policies of drizzle/0012 also hold the connection to it). */
const ofOrganisation = (organisationId: OrganisationId) => eq(customers.organisationId, organisationId);
const totalsOf = (organisationId: OrganisationId) => eq(customerTotals.organisationId, organisationId);

/**
 * The ids and creation times of the organisation's customers whose name contains `name` (case and accents ignored),
 * found through the GIN trigram index customers_organisation_search_name_idx. Under row-level security PostgreSQL cannot use
 * that index for LIKE, so the search is made by a function of drizzle/0012 that reads as the tables' owner, within
 * the connection's organisation only. search_text() of the name is a subquery, worked out once per statement.
 */
const customersWhoseNameContains = (name: string | Placeholder) =>
  sql`customers_whose_search_name_contains((SELECT search_text(${name})))`;

/** The customer's name contains `name` (case and accents ignored): for lists of the organisation's customers. */
export const nameContains = (name: string | Placeholder): SQL =>
  sql`${customers.id} IN (SELECT id FROM ${customersWhoseNameContains(name)})`;

/**
 * The same test as nameContains for a needle already through search_text(), in a form the trigram index cannot
 * serve (and so without LIKE's wildcards to escape): for walking customers_recent_idx newest first, where the
 * name is read from the index itself. Given as it is, the needle costs the planner nothing to work out.
 */
const searchNameHolds = (needle: string | Placeholder) => sql`strpos(${customers.searchName}, ${needle}) > 0`;

/** The lists' order, newest first with the id as tie-break: the order of customers_recent_idx. */
export const newestFirst = [desc(customers.createdAt), desc(customers.id)];

/** The columns of the stats, read from the single row of customer_totals. */
const statsColumns = {
  totalCustomers: customerTotals.customers,
  totalInvoices: customerTotals.invoices,
  // numeric keeps cents exact; it is turned into a number only once rounded.
  totalBilled: sql<number>`round(${customerTotals.billed}, 2)::text`.mapWith(Number),
};

const NO_STATS: Stats = { totalCustomers: 0, totalInvoices: 0, totalBilled: 0 };

/** The list from a row's sort key on (itself included): an index range of customers_recent_idx. */
export const fromKey = (createdAt: Placeholder, id: Placeholder) =>
  sql`(${customers.createdAt}, ${customers.id}) <= (${createdAt}::timestamptz, ${id})`;

/**
 * The join of a page's customers by their ids: = ANY(ARRAY(…)) reads them one by one through the primary key
 * whatever the planner guesses of the page's size, which it cannot know when LIMIT is a parameter.
 */
const idAmong = (pageIds: SQLWrapper) => sql`${customers.id} = ANY(ARRAY(${pageIds}))`;

/** The columns of a page with its totals: the stats, the customers' version, and a customer (if any). */
const pageColumns = { ...statsColumns, version: customerTotals.customersVersion, customer: customers };

/**
 * The statement of a page of the organisation's customers matching `where`, newest first, with the stats and the
 * customers' version: the totals row, left-joined to the page's customers (so an empty page still gives the
 * stats). The page's ids come first, from customers_recent_idx; the OFFSET rows are skipped in the index (an
 * index-only scan), and only the page's own rows are read.
 */
export function pageWithTotalsQuery(
  db: Queryable,
  organisationId: OrganisationId,
  where: SQL | undefined,
  limit: Placeholder | number,
  offset: Placeholder | number,
) {
  const pageIds = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(ofOrganisation(organisationId), where))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return db
    .select(pageColumns)
    .from(customerTotals)
    .leftJoin(customers, idAmong(pageIds))
    .where(totalsOf(organisationId))
    .orderBy(...newestFirst);
}

/**
 * A search's page, the first of its two ways: customers_recent_idx read newest first, each name tested in the
 * index, until the page is full. Cheap when many customers match (a few hundred index entries for a page of a
 * common name), costly for a rare one (most of the index). `needle` is search_text() of the name searched, as
 * allMatchesQuery gives it.
 */
export function newestMatchingQuery(
  db: Queryable,
  organisationId: OrganisationId,
  needle: string | Placeholder,
  limit: Placeholder | number,
  offset: Placeholder | number,
) {
  return pageWithTotalsQuery(db, organisationId, searchNameHolds(needle), limit, offset);
}

/**
 * A search's page, the other way: every match found through the trigram index (each one's row read to check
 * it), counted, then sorted for the page; cheap when few customers match. The matches are read once for both
 * the count and the page (a CTE used twice is materialized). Each row also gives the name as searched (needle).
 */
export function allMatchesQuery(
  db: Queryable,
  organisationId: OrganisationId,
  name: string | Placeholder,
  limit: Placeholder | number,
  offset: Placeholder | number,
) {
  const matches = db.$with('matches').as(
    db
      .select({
        id: sql<number>`id`.mapWith(Number).as('id'),
        createdAt: sql<Date>`created_at`.as('created_at'),
      })
      .from(customersWhoseNameContains(name)),
  );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(limit)
    .offset(offset);
  return db
    .with(matches)
    .select({
      ...pageColumns,
      matches: sql<number>`(${db.select({ value: count() }).from(matches)})`.mapWith(Number),
      needle: sql<string>`(SELECT search_text(${name}))`,
    })
    .from(customerTotals)
    .leftJoin(customers, and(idAmong(pageIds), ofOrganisation(organisationId)))
    .where(totalsOf(organisationId))
    .orderBy(...newestFirst);
}

type PageWithTotalsRow = Awaited<ReturnType<typeof pageWithTotalsQuery>>[number];

/** The page's customers, the stats and the customers' version, from the rows of pageWithTotalsQuery. */
export function pageWithTotalsOf(rows: PageWithTotalsRow[]) {
  const [first] = rows;
  return {
    stats: first
      ? {
          totalCustomers: first.totalCustomers,
          totalInvoices: first.totalInvoices,
          totalBilled: first.totalBilled,
        }
      : NO_STATS,
    version: first?.version ?? 0,
    content: rows.flatMap((r) => (r.customer ? [toApiCustomer(r.customer)] : [])),
  };
}

/**
 * Every ANCHOR_STRIDE-th sort key of the organisation's list, newest first, and the version they were read at
 * (one statement).
 */
export async function readAnchors(db: Queryable, organisationId: number): Promise<Anchors> {
  const positioned = db
    .select({
      createdAt: sql<string>`${customers.createdAt}::text`.as('created_at_text'),
      id: customers.id,
      position:
        sql<number>`row_number() OVER (ORDER BY ${customers.createdAt} DESC, ${customers.id} DESC) - 1`.as(
          'position',
        ),
    })
    .from(customers)
    .where(ofOrganisation(organisationId))
    .as('positioned');
  const rows = await db
    .select({ version: customerTotals.customersVersion, createdAt: positioned.createdAt, id: positioned.id })
    .from(customerTotals)
    .leftJoin(positioned, sql`${positioned.position} % ${ANCHOR_STRIDE} = 0`)
    .where(totalsOf(organisationId))
    .orderBy(asc(positioned.position));
  return {
    version: rows[0]?.version ?? 0,
    keys: rows.flatMap((r) =>
      r.createdAt !== null && r.id !== null ? [{ createdAt: r.createdAt, id: r.id }] : [],
    ),
  };
}

/** The organisation's customer with that id; undefined when it has none (another's is none of its). */
export async function findCustomer(
  db: Queryable,
  organisationId: number,
  id: number,
): Promise<Customer | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(ofOrganisation(organisationId), eq(customers.id, id)));
  return row && toApiCustomer(row);
}

export async function insertCustomer(
  db: Queryable,
  organisationId: number,
  values: CreateCustomer,
): Promise<Customer> {
  const [row] = await db
    .insert(customers)
    .values({ ...values, organisationId })
    .returning();
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return toApiCustomer(row);
}

/** Several customers in one statement (an import): all or none, with the transaction it runs in. */
export async function insertCustomers(
  db: Queryable,
  organisationId: number,
  list: CreateCustomer[],
): Promise<number> {
  const rows = await db
    .insert(customers)
    .values(list.map((values) => ({ ...values, organisationId })))
    .returning({ id: customers.id });
  return rows.length;
}

/** Undefined when the organisation has no customer with that id. */
export async function updateCustomer(
  db: Queryable,
  organisationId: number,
  id: number,
  values: CreateCustomer,
): Promise<Customer | undefined> {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(and(ofOrganisation(organisationId), eq(customers.id, id)))
    .returning();
  return row && toApiCustomer(row);
}

/** The invoice form's customer select: by name, at most `limit`, optionally narrowed by name. */
export async function listCustomerOptions(
  db: Queryable,
  organisationId: number,
  options: { name?: string; limit: number },
): Promise<CustomerOption[]> {
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(ofOrganisation(organisationId), options.name ? nameContains(options.name) : undefined))
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(options.limit);
}

/** The organisation's customers whose e-mail is `email`, case ignored (served by customers_email_idx), oldest first. */
export async function customersWithEmail(
  db: Queryable,
  organisationId: number,
  email: string,
  limit: number,
): Promise<CustomerOption[]> {
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(and(ofOrganisation(organisationId), sql`lower(${customers.email}) = lower(${email})`))
    .orderBy(asc(customers.id))
    .limit(limit);
}

/**
 * The three figures of the home screen, from the organisation's row of customer_totals that triggers keep exact
 * (drizzle/0006_customer_totals.sql, 0012): one row read, whatever the number of customers and invoices.
 */
export async function customerStats(db: Queryable, organisationId: number): Promise<Stats> {
  const [row] = await db.select(statsColumns).from(customerTotals).where(totalsOf(organisationId));
  return row ?? NO_STATS;
}

/**
 * The organisation's customers of the report after `afterId`, by id, with the columns it shows: keyset batches
 * keep memory flat on any table size.
 */
export function customersAfter(db: Queryable, organisationId: number, afterId: number, limit: number) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      type: customers.type,
      status: customers.status,
      address: customers.address,
      phone: customers.phone,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(and(ofOrganisation(organisationId), gt(customers.id, afterId)))
    .orderBy(asc(customers.id))
    .limit(limit);
}
