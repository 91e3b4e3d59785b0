/**
 * The addresses of the signed-in screens that several places link to (the route table, app/router.tsx,
 * mounts them): one spelling each, so a link cannot drift from its route.
 */
export const PATHS = {
  dashboard: '/home',
  customers: '/customers',
  newCustomer: '/customers/new',
  invoices: '/invoices',
  newInvoice: '/invoices/new',
  team: '/team',
  profile: '/profile',
  login: '/login',
} as const;
