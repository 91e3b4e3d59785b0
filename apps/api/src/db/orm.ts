/**
 * The one module that imports drizzle-orm's query helpers. Everything else imports them from here,
 * so that npm workspaces can never hand two copies of drizzle to one query (its classes would not match).
 */
export {
  and,
  asc,
  count,
  desc,
  eq,
  fillPlaceholders,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  sum,
} from 'drizzle-orm';
export type { Placeholder, SQL, SQLWrapper } from 'drizzle-orm';
export type { AnyPgColumn } from 'drizzle-orm/pg-core';
