/**
 * The /api/customer calls of the business screens (SPEC §7, REFERENCE §1). Only types come from the
 * contracts package; the calls go through lib/http, which applies the call, error and cache rules.
 */
import type {
  CancelInvoice,
  CreateCustomer,
  CreateInvoice,
  CustomerAnswer,
  CustomerListData,
  CustomerOptionsAnswer,
  CustomerSearchData,
  DashboardAnswer,
  ImportAnswer,
  InvoiceAddedAnswer,
  InvoiceAnswer,
  InvoiceListData,
  RecordPaymentInput,
  UpdateCustomer,
} from '@app/contracts';
import { apiGet, apiPost, apiPut } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';

export const CUSTOMER_API = '/api/customer';
const segment = encodeURIComponent;

/** A page of customers (newest first) and the home screen's stats. */
export const customerListUrl = (page: number) => `${CUSTOMER_API}/list?page=${page}`;

export type { CustomerListData, CustomerSearchData, InvoiceListData };

/** The dashboard's billing figures: the last 12 months, what is owed and overdue, who owes most. */
export const dashboardQuery = () => apiQuery<DashboardAnswer>(`${CUSTOMER_API}/dashboard`);

export const customerQuery = (id: string) => apiQuery<CustomerAnswer>(`${CUSTOMER_API}/get/${segment(id)}`);

export const invoiceQuery = (id: string) =>
  apiQuery<InvoiceAnswer>(`${CUSTOMER_API}/invoice/get/${segment(id)}`);

/** The invoice form's customer select: at most 500 by name, narrowed by `name` when given (decision 0007). */
export const customerOptionsQuery = (name = '') =>
  apiQuery<CustomerOptionsAnswer>(
    name.trim() === ''
      ? `${CUSTOMER_API}/invoice/new`
      : `${CUSTOMER_API}/invoice/new?name=${segment(name.trim())}`,
  );

/** The customers already using an e-mail (case ignored): the customer forms ask before another uses it. */
export const customersWithEmail = (email: string) =>
  apiGet<CustomerOptionsAnswer>(`${CUSTOMER_API}/with-email?email=${segment(email.trim())}`);

/** Customers from a CSV file: all imported, or none with the report of each refused line. */
export const importCustomers = (csv: string) => apiPost<ImportAnswer>(`${CUSTOMER_API}/import`, { csv });

export const createCustomer = (customer: CreateCustomer) =>
  apiPost<CustomerAnswer>(`${CUSTOMER_API}/create`, customer);

export const updateCustomer = (customer: UpdateCustomer) =>
  apiPut<CustomerAnswer>(`${CUSTOMER_API}/update`, customer);

/** The customer is in the address and in the body; the server checks they agree. */
export const addInvoiceToCustomer = (invoice: CreateInvoice) =>
  apiPost<InvoiceAddedAnswer>(`${CUSTOMER_API}/invoice/addtocustomer/${invoice.customerId}`, invoice);

/** A payment received for an invoice, or money refunded: answers the invoice with its new balance. */
export const recordInvoiceMoney = (
  invoiceId: number,
  kind: 'payments' | 'refunds',
  money: RecordPaymentInput,
) => apiPost<InvoiceAnswer>(`${CUSTOMER_API}/invoice/${invoiceId}/${kind}`, money);

export const cancelInvoice = (invoiceId: number, request: CancelInvoice) =>
  apiPost<InvoiceAnswer>(`${CUSTOMER_API}/invoice/${invoiceId}/cancel`, request);

/** The invoice e-mailed to its customer with its PDF: answers the invoice with the sending in its history. */
export const sendInvoice = (invoiceId: number) =>
  apiPost<InvoiceAnswer>(`${CUSTOMER_API}/invoice/${invoiceId}/send`, {});

export const REPORT_URL = `${CUSTOMER_API}/download/report`;
