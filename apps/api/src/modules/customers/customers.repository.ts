/**
 * SQL for customers. Every function takes the database or an open transaction first.
 * Lists are newest first with the id as tie-break (the customers_recent_idx order), so a page
 * never shows a row twice or skips one when several customers share a creation instant.
 */
import type {
  CreateCustomer,
  Customer,
  CustomerOption,
  CustomerStatus,
  CustomerType,
  Page,
  PageQuery,
  Stats,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { asc, count, desc, eq, gt, inArray, sql, type SQL } from '../../db/orm.js';
import { customers, customerTotals } from '../../db/schema.js';
import { limitOffset, toPage } from './paging.js';

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
  };
}

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Case- and accent-insensitive "name contains", on the stored search_name (search_text(name)) that the GIN
 * trigram index customers_search_name_idx serves.
 */
export function nameContains(name: string): SQL {
  return sql`${customers.searchName} LIKE '%' || search_text(${escapeLike(name)}) || '%'`;
}

const newestFirst = [desc(customers.createdAt), desc(customers.id)];

/** The query of one page of the customers matching `where`; exported so a test can EXPLAIN it. */
export function customersPageQuery(db: Queryable, where: SQL, query: PageQuery) {
  const { limit, offset } = limitOffset(query);
  return db
    .select()
    .from(customers)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/** A page of the customers matching `where` and how many match; exported for the benchmark. */
export async function pageOfCustomers(db: Queryable, where: SQL, query: PageQuery): Promise<Page<Customer>> {
  const [rows, totals] = await Promise.all([
    customersPageQuery(db, where, query),
    db.select({ value: count() }).from(customers).where(where),
  ]);
  return toPage(rows.map(toApiCustomer), totals[0]?.value ?? 0, query);
}

/** The columns of the stats, read from the single row of customer_totals. */
const statsColumns = {
  totalCustomers: customerTotals.customers,
  totalInvoices: customerTotals.invoices,
  // numeric keeps cents exact; it is turned into a number only once rounded.
  totalBilled: sql<number>`round(${customerTotals.billed}, 2)::text`.mapWith(Number),
};

const NO_STATS: Stats = { totalCustomers: 0, totalInvoices: 0, totalBilled: 0 };

/**
 * A page of every customer, newest first, and the stats, in one statement: the totals row, left-joined to the
 * page's customers (so an empty page still gives the stats). The page's total is the stats' customer count,
 * kept by triggers, instead of a count(*) of the table.
 */
export async function listCustomers(
  db: Queryable,
  query: PageQuery,
): Promise<{ page: Page<Customer>; stats: Stats }> {
  const { limit, offset } = limitOffset(query);
  // The page's ids come from an index-only scan of customers_recent_idx (created_at, id): the OFFSET rows are
  // skipped in the index without reading the table, so page 5 000 costs a few milliseconds instead of reading
  // 50 000 rows. Only the page's own rows are then read.
  const pageIds = db
    .select({ id: customers.id })
    .from(customers)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select({ ...statsColumns, customer: customers })
    .from(customerTotals)
    .leftJoin(customers, inArray(customers.id, pageIds))
    .orderBy(...newestFirst);
  const [first] = rows;
  const stats = first
    ? {
        totalCustomers: first.totalCustomers,
        totalInvoices: first.totalInvoices,
        totalBilled: first.totalBilled,
      }
    : NO_STATS;
  const content = rows.flatMap((r) => (r.customer ? [toApiCustomer(r.customer)] : []));
  return { page: toPage(content, stats.totalCustomers, query), stats };
}

/** The customers whose name contains `name` (case and accents ignored); every customer when it is empty. */
export async function searchCustomers(
  db: Queryable,
  name: string,
  query: PageQuery,
): Promise<Page<Customer>> {
  return name ? pageOfCustomers(db, nameContains(name), query) : (await listCustomers(db, query)).page;
}

export async function findCustomer(db: Queryable, id: number): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row && toApiCustomer(row);
}

export async function insertCustomer(db: Queryable, values: CreateCustomer): Promise<Customer> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return toApiCustomer(row);
}

/** Undefined when there is no customer with that id. */
export async function updateCustomer(
  db: Queryable,
  id: number,
  values: CreateCustomer,
): Promise<Customer | undefined> {
  const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
  return row && toApiCustomer(row);
}

/** The invoice form's customer select: by name, at most `limit`, optionally narrowed by name. */
export async function listCustomerOptions(
  db: Queryable,
  options: { name?: string; limit: number },
): Promise<CustomerOption[]> {
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(options.name ? nameContains(options.name) : undefined)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(options.limit);
}

/**
 * The three figures of the home screen, from the single row of customer_totals that triggers keep exact
 * (drizzle/0006_customer_totals.sql): one row read, whatever the number of customers and invoices.
 */
export async function customerStats(db: Queryable): Promise<Stats> {
  const [row] = await db.select(statsColumns).from(customerTotals);
  return row ?? NO_STATS;
}

/**
 * The customers of the report after `afterId`, by id, with the columns it shows: keyset batches keep memory flat
 * on any table size.
 */
export function customersAfter(db: Queryable, afterId: number, limit: number) {
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
    .where(gt(customers.id, afterId))
    .orderBy(asc(customers.id))
    .limit(limit);
}
