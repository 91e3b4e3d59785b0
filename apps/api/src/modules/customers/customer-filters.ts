/**
 * GET /customer/search narrowed by status or type, or sorted by name, creation time or what each customer was billed
 * (issue 24). SPEC's search, newest first, keeps its own tuned way (customer-list.ts). Like the filtered invoice list,
 * this one counts and pages through its first FILTERED_LIST_CAP customers, so a broad filter's count stays bounded.
 * Each order has an index (customers_recent_idx, customers_search_name_idx, customers_billed_idx), and a status or type
 * filter customers_status_type_idx: the planner walks the order's index for a broad filter, and reads a narrow
 * filter's few customers through theirs before sorting them.
 */
import {
  customerOrderOf,
  FILTERED_LIST_CAP,
  type Customer,
  type CustomerSearchData,
  type CustomerSearchQuery,
  type CustomerSort,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, asc, count, desc, eq, inArray, sql, type SQLWrapper } from '../../db/orm.js';
import { customers } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { nameContains, toApiCustomer } from './customers.repository.js';
import { limitOffset, toPage } from './paging.js';

const SORT_COLUMNS: Record<CustomerSort, SQLWrapper> = {
  created: customers.createdAt,
  // As people read names: case and accents aside (search_text()), whatever the database's collation.
  name: customers.searchName,
  totalBilled: customers.billedCents,
};

export async function filteredCustomers(
  db: Queryable,
  organisationId: number,
  query: CustomerSearchQuery,
): Promise<CustomerSearchData['page']> {
  const { limit, offset } = limitOffset(query);
  if (offset + limit > FILTERED_LIST_CAP) {
    throw AppError.badRequest(
      `A filtered or sorted list shows its first ${FILTERED_LIST_CAP} customers: narrow the filters to see the others`,
    );
  }
  const where = and(
    eq(customers.organisationId, organisationId),
    query.status && inArray(customers.status, query.status),
    query.type && inArray(customers.type, query.type),
    query.name ? nameContains(query.name) : undefined,
  );
  const { sort, order } = customerOrderOf(query);
  const direction = order === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[sort]), direction(customers.id))
      .limit(limit)
      .offset(offset),
    // Counted up to one past the cap: enough to say whether there are more.
    db.select({ matches: count() }).from(
      db
        .select({ one: sql`1` })
        .from(customers)
        .where(where)
        .limit(FILTERED_LIST_CAP + 1)
        .as('matches'),
    ),
  ]);
  const matches = counted?.matches ?? 0;
  const content: Customer[] = rows.map(toApiCustomer);
  return {
    ...toPage(content, Math.min(matches, FILTERED_LIST_CAP), query),
    capped: matches > FILTERED_LIST_CAP,
  };
}
