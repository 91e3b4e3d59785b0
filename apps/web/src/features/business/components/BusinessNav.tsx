import { NavLink } from 'react-router';
import classes from './business.module.css';

/** The screens of the customer and invoice area (SPEC §2.3); the signed-in bar has no links to them. */
export const BUSINESS_LINKS = [
  { to: '/home', label: 'Dashboard' },
  { to: '/customers', label: 'Customers' },
  { to: '/customers/new', label: 'New Customer' },
  { to: '/invoices', label: 'Invoices' },
  { to: '/invoices/new', label: 'New Invoice' },
] as const;

export function BusinessNav() {
  return (
    <nav aria-label="Customers and invoices" className={`${classes.nav} ${classes.noPrint}`}>
      {BUSINESS_LINKS.map((link) => (
        // `end`: /customers is not the current page on /customers/new or /customers/12.
        <NavLink key={link.to} to={link.to} end className={classes.navLink}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
