/**
 * The addresses of the signed-in screens that several places link to (the route table, app/router.tsx,
 * mounts them): one spelling each, so a link cannot drift from its route.
 */
import type { Invoice } from '@app/contracts';

export const PATHS = {
  dashboard: '/home',
  customers: '/customers',
  newCustomer: '/customers/new',
  customer: (id: number) => `/customers/${id}`,
  invoices: '/invoices',
  newInvoice: '/invoices/new',
  /** An invoice's printable page (SPEC §2.3). */
  invoice: (invoice: Pick<Invoice, 'id' | 'invoiceNumber'>) =>
    `/invoices/${invoice.id}/${encodeURIComponent(invoice.invoiceNumber)}`,
  team: '/team',
  profile: '/profile',
  login: '/login',
} as const;
