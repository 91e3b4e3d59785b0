import { z } from './zod.js';
import { emptyAsUndefined } from './customers.js';

/**
 * What the filtered lists (customers and invoices, issue 24) share: the two directions of an order, the query's
 * optional fields, several values of a field in one parameter, and the cap of a filtered or sorted list, which
 * counts and pages through its first FILTERED_LIST_CAP rows only, so that counting a broad filter over hundreds of
 * thousands of rows stays bounded. The answer says when there are more (`capped`), and narrower filters show them.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const FILTERED_LIST_CAP = 1_000;

/** A field of a query that may be left out, or given empty (`?status=`). */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

/** One value or several, comma-separated ("PENDING,OVERDUE"), each among `values`; repeated ones are kept once. */
export const commaSeparated = <T extends string>(values: readonly [T, ...T[]], label: string) =>
  optionalQuery(
    z
      .string()
      .transform((text) => [...new Set(text.split(',').map((value) => value.trim()))])
      .pipe(z.array(z.enum(values, { error: `${label} must be among ${values.join(', ')}` }))),
  );

export const SortOrderSchema = optionalQuery(z.enum(SORT_ORDERS, { error: 'Order must be asc or desc' }));
