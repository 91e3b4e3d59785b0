import { z } from './zod.js';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES, SearchQuerySchema } from './customers.js';
import { commaSeparated, optionalQuery, SortOrderSchema, type SortOrder } from './list-query.js';

/**
 * GET /customer/search's filters and order (issue 24), all optional: SPEC's search by name, newest first, as before
 * without them. Narrowed by status or type, or sorted otherwise, the list counts and pages through its first
 * FILTERED_LIST_CAP customers (list-query.ts).
 */
export const CUSTOMER_SORTS = ['created', 'name', 'totalBilled'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
/** Names read A to Z, the newest and the most billed first, unless asked otherwise. */
export const DEFAULT_CUSTOMER_SORT_ORDER: Record<CustomerSort, SortOrder> = {
  created: 'desc',
  name: 'asc',
  totalBilled: 'desc',
};

export const CustomerSearchQuerySchema = SearchQuerySchema.extend({
  status: commaSeparated(CUSTOMER_STATUSES, 'Status'),
  type: commaSeparated(CUSTOMER_TYPES, 'Type'),
  sort: optionalQuery(z.enum(CUSTOMER_SORTS, { error: `Sort must be one of ${CUSTOMER_SORTS.join(', ')}` })),
  order: SortOrderSchema,
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuerySchema>;

/** The order a query asks for: its column (the creation time unless named) and its direction. */
export function customerOrderOf(query: Pick<CustomerSearchQuery, 'sort' | 'order'>) {
  const sort = query.sort ?? 'created';
  return { sort, order: query.order ?? DEFAULT_CUSTOMER_SORT_ORDER[sort] };
}

/** Whether a query asks for SPEC's list: every status and type, newest first (a name may narrow it). */
export function isSpecCustomerOrder(query: Omit<CustomerSearchQuery, 'name' | 'page' | 'size'>): boolean {
  const { sort, order } = customerOrderOf(query);
  return !query.status && !query.type && sort === 'created' && order === 'desc';
}
