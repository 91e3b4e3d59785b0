import { z } from './zod.js';
import { INVOICE_STATUSES, InvoiceDateSchema, PageQuerySchema } from './customers.js';
import { commaSeparated, optionalQuery as optional, SortOrderSchema, type SortOrder } from './list-query.js';

/**
 * GET /customer/invoice/list's filters and order (issue 24), all optional: SPEC's call without them lists every
 * invoice newest first, as before. A filtered or sorted list counts and pages through its first
 * FILTERED_LIST_CAP invoices (list-query.ts).
 */
export const INVOICE_SORTS = ['number', 'customer', 'status', 'date', 'total', 'balanceDue'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
/** Names and statuses read A to Z, amounts and dates largest and newest first, unless asked otherwise. */
export const DEFAULT_SORT_ORDER: Record<InvoiceSort, SortOrder> = {
  number: 'desc',
  customer: 'asc',
  status: 'asc',
  date: 'desc',
  total: 'desc',
  balanceDue: 'desc',
};
/**
 * A filtered list's order when none is asked: the invoice date, newest first (an index serves a range of dates
 * directly, where SPEC's creation order would walk past every invoice newer than the range).
 */
export const FILTERED_DEFAULT_SORT: InvoiceSort = 'date';

const AmountQuerySchema = (label: string) =>
  z.coerce
    .number({ error: `${label} must be an amount` })
    .min(0, `${label} cannot be negative`)
    .max(9_999_999_999.99, `${label} is too large`)
    .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), `${label} has at most 2 decimals`);

/** What an invoice list can be narrowed by: for the list's pages and for its export alike. */
const InvoiceFilterFields = {
  /** One status or several, comma-separated: "PENDING,OVERDUE". */
  status: commaSeparated(INVOICE_STATUSES, 'Status'),
  customerId: optional(
    z.coerce
      .number({ error: 'Customer must be a customer ID' })
      .int('Customer must be a customer ID')
      .positive('Customer must be a customer ID'),
  ),
  /** The invoice dates, both days included. */
  from: optional(InvoiceDateSchema),
  to: optional(InvoiceDateSchema),
  /** The invoice totals (before tax, as the list's Total column), both ends included. */
  min: optional(AmountQuerySchema('The smallest total')),
  max: optional(AmountQuerySchema('The largest total')),
};

type Ranges = { from?: string; to?: string; min?: number; max?: number };

/** The ranges' ends in their order: a range that ends before it starts finds nothing, so it is refused. */
function withOrderedRanges<S extends z.ZodType<Ranges>>(schema: S) {
  return schema
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      path: ['to'],
      message: 'The last day is before the first day',
    })
    .refine((query) => query.min === undefined || query.max === undefined || query.min <= query.max, {
      path: ['max'],
      message: 'The largest total is below the smallest',
    });
}

export const InvoiceListQuerySchema = withOrderedRanges(
  PageQuerySchema.extend({
    ...InvoiceFilterFields,
    sort: optional(z.enum(INVOICE_SORTS, { error: `Sort must be one of ${INVOICE_SORTS.join(', ')}` })),
    order: SortOrderSchema,
  }),
);
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

/** GET /customer/invoice/export: every invoice the filters find, as a CSV or an Excel file. */
export const INVOICE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number];
export const InvoiceExportQuerySchema = withOrderedRanges(
  z.object({
    ...InvoiceFilterFields,
    format: z.enum(INVOICE_EXPORT_FORMATS, { error: 'Format must be csv or xlsx' }),
  }),
);
export type InvoiceExportQuery = z.infer<typeof InvoiceExportQuerySchema>;
export type InvoiceFilterQuery = Omit<InvoiceExportQuery, 'format'>;

/** Whether a list query asks for anything but SPEC's whole list, newest first. */
export function isFilteredOrSorted(query: Omit<InvoiceListQuery, 'page' | 'size'>): boolean {
  return Object.values(query).some((value) => value !== undefined);
}
