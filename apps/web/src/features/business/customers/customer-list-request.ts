/**
 * The customer list's search, filters, order and page as the address bar holds them (/customers?name=mar&type=…),
 * as the invoice list's (list-address.ts).
 */
import {
  CUSTOMER_SORTS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  SORT_ORDERS,
  type CustomerSort,
  type CustomerStatus,
  type CustomerType,
  type SortOrder,
} from '@app/contracts';
import { CUSTOMER_API } from '../business-api';
import { joined, oneOf, paramsOf, someOf } from '../list-address';

export type CustomerFilters = { name: string; status: CustomerStatus[]; type: CustomerType[] };
export type CustomerListRequest = {
  page: number;
  filters: CustomerFilters;
  sort?: CustomerSort;
  order?: SortOrder;
};

export const NO_CUSTOMER_FILTERS: CustomerFilters = { name: '', status: [], type: [] };

export function readCustomerListRequest(params: URLSearchParams): CustomerListRequest {
  const page = Number(params.get('page'));
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
    filters: {
      name: (params.get('name') ?? '').trim(),
      status: someOf(CUSTOMER_STATUSES, params.get('status')),
      type: someOf(CUSTOMER_TYPES, params.get('type')),
    },
    sort: oneOf(CUSTOMER_SORTS, params.get('sort')),
    order: oneOf(SORT_ORDERS, params.get('order')),
  };
}

/** The request as the address holds it: only what is set, page 0 left out. */
export function customerListParams({ filters, sort, order, page }: CustomerListRequest): URLSearchParams {
  return paramsOf([
    ['name', filters.name || undefined],
    ['status', joined(filters.status)],
    ['type', joined(filters.type)],
    ['sort', sort],
    ['order', order],
    ['page', page > 0 ? page : undefined],
  ]);
}

/** SPEC's search call is `/search?name=…&page=…`: it keeps both, and adds what is asked. */
export function customerListUrl(request: CustomerListRequest): string {
  const params = customerListParams({ ...request, page: 0 });
  params.set('name', request.filters.name);
  params.set('page', String(request.page));
  return `${CUSTOMER_API}/search?${params.toString()}`;
}

export function narrowsByStatusOrType(filters: CustomerFilters): boolean {
  return filters.status.length > 0 || filters.type.length > 0;
}
