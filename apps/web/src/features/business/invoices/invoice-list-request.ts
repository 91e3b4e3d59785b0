/**
 * The invoice list's filters, order and page as the address bar holds them (/invoices?status=PAID&sort=total…),
 * so that a filtered list can be bookmarked, shared, and come back with the browser's Back. What cannot be read
 * is left out rather than refused: an edited address still shows a list.
 */
import {
  INVOICE_SORTS,
  INVOICE_STATUSES,
  InvoiceListQuerySchema,
  SORT_ORDERS,
  type InvoiceExportFormat,
  type InvoiceListQuery,
  type InvoiceSort,
  type InvoiceStatus,
  type SortOrder,
} from '@app/contracts';
import { apiDownload } from '../../../lib/http/api-client';
import { CUSTOMER_API } from '../business-api';
import { joined, oneOf, paramsOf, someOf } from '../list-address';

export type InvoiceFilters = {
  status: InvoiceStatus[];
  customerId?: number;
  from?: string;
  to?: string;
  min?: number;
  max?: number;
};
export type InvoiceListRequest = {
  page: number;
  filters: InvoiceFilters;
  sort?: InvoiceSort;
  order?: SortOrder;
};

export const NO_FILTERS: InvoiceFilters = { status: [] };

/** A field of the address as the server's schema reads it, or undefined when it cannot. */
function readField<K extends keyof InvoiceListQuery>(
  key: K,
  text: string | null,
): InvoiceListQuery[K] | undefined {
  if (text === null || text === '') return undefined;
  const read = InvoiceListQuerySchema.safeParse({ [key]: text });
  return read.success ? read.data[key] : undefined;
}

export function readInvoiceListRequest(params: URLSearchParams): InvoiceListRequest {
  const filters: InvoiceFilters = {
    status: someOf(INVOICE_STATUSES, params.get('status')),
    customerId: readField('customerId', params.get('customerId')),
    from: readField('from', params.get('from')),
    to: readField('to', params.get('to')),
    min: readField('min', params.get('min')),
    max: readField('max', params.get('max')),
  };
  return {
    page: readField('page', params.get('page')) ?? 0,
    filters,
    sort: oneOf(INVOICE_SORTS, params.get('sort')),
    order: oneOf(SORT_ORDERS, params.get('order')),
  };
}

/** The request as the address and the API both take it: only what is set, page 0 left out. */
export function invoiceListParams(request: InvoiceListRequest, { withPage = true } = {}): URLSearchParams {
  const { filters } = request;
  return paramsOf([
    ['status', joined(filters.status)],
    ['customerId', filters.customerId],
    ['from', filters.from],
    ['to', filters.to],
    ['min', filters.min],
    ['max', filters.max],
    ['sort', request.sort],
    ['order', request.order],
    ['page', withPage && request.page > 0 ? request.page : undefined],
  ]);
}

/** SPEC's call for page 0 of the whole list is `?page=0`: it keeps that address, and adds what is asked. */
export function invoiceListUrl(request: InvoiceListRequest): string {
  const params = invoiceListParams(request, { withPage: false });
  params.set('page', String(request.page));
  return `${CUSTOMER_API}/invoice/list?${params.toString()}`;
}

/** Every invoice the filters find, as a file (GET /customer/invoice/export). */
export function downloadInvoices(filters: InvoiceFilters, format: InvoiceExportFormat) {
  const params = invoiceListParams({ page: 0, filters });
  params.set('format', format);
  return apiDownload(`${CUSTOMER_API}/invoice/export?${params.toString()}`);
}

export function hasFilters(filters: InvoiceFilters): boolean {
  return invoiceListParams({ page: 0, filters }).toString() !== '';
}
