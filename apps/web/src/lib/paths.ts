/**
 * The addresses of the app's screens that code links to or sends a user to (the route table, app/router.tsx,
 * mounts them): one spelling each, so a link cannot drift from its route. The learning pages' own links
 * (the plain bar, the readers) keep their literal addresses: this table is not part of the JavaScript a
 * visitor's first page loads.
 */
import type { Invoice } from '@app/contracts';

export const PATHS = {
  home: '/',
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
  register: '/register',
  resetPassword: '/resetpassword',
  calendar: '/feature',
  classes: '/classes',
  files: '/files',
  /** A lesson of the Arabic course, on its learning page. */
  arabicLesson: (numero: number) => `/coursarabe#cours-${numero}`,
} as const;
