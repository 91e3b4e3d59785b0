import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { profileQuery } from '../lib/own-profile';
import { PATHS } from '../lib/paths';
import { canCreateCustomersAndInvoices } from '../lib/permissions';
import classes from './business.module.css';

/** The screens of the customer and invoice area (SPEC §2.3); `creates` marks a form that creates a record. */
export const BUSINESS_LINKS = [
  { to: PATHS.dashboard, label: 'Dashboard', creates: false },
  { to: PATHS.customers, label: 'Customers', creates: false },
  { to: PATHS.newCustomer, label: 'New Customer', creates: true },
  { to: PATHS.invoices, label: 'Invoices', creates: false },
  { to: PATHS.newInvoice, label: 'New Invoice', creates: true },
] as const;

/**
 * The links between the business screens. The forms that create a record are offered only to a role that
 * may create one. The nav makes no call of its own: it follows the profile the signed-in bar loads on every
 * signed-in page, and shows those links once the profile says they may be used.
 */
export function BusinessNav() {
  const profile = useQuery({ ...profileQuery(), enabled: false });
  const mayCreate = canCreateCustomersAndInvoices(profile.data?.data?.user);
  return (
    <nav aria-label="Customers and invoices" className={`${classes.nav} ${classes.noPrint}`}>
      {BUSINESS_LINKS.filter((link) => mayCreate || !link.creates).map((link) => (
        // `end`: /customers is not the current page on /customers/new or /customers/12.
        <NavLink key={link.to} to={link.to} end className={classes.navLink}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
