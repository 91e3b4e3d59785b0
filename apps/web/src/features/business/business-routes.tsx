/**
 * The screens of the customer and invoice area (SPEC §2.3), each in its own JavaScript chunk loaded when
 * first visited: this is all the route table (app/router.tsx) carries of them, behind the sign-in guard
 * (SPEC §6); the pages themselves do not check sign-in.
 */
import type { ComponentType } from 'react';

export const businessPageLoaders = {
  home: () => import('./dashboard/HomePage').then((m) => m.HomePage),
  customers: () => import('./customers/CustomersPage').then((m) => m.CustomersPage),
  newCustomer: () => import('./customers/NewCustomerPage').then((m) => m.NewCustomerPage),
  customer: () => import('./customers/CustomerPage').then((m) => m.CustomerPage),
  invoices: () => import('./invoices/InvoicesPage').then((m) => m.InvoicesPage),
  newInvoice: () => import('./invoices/NewInvoicePage').then((m) => m.NewInvoicePage),
  invoice: () => import('./invoices/InvoicePage').then((m) => m.InvoicePage),
} satisfies Record<string, () => Promise<ComponentType>>;
