import { Link, NavLink } from 'react-router';
import navClasses from '../../../components/PlainNavBar.module.css';
import { PATHS } from '../../../lib/paths';
import { DropdownMenu } from './DropdownMenu';
import classes from './SignedInBar.module.css';

/** The screens of the customer and invoice area that the signed-in bar leads to (English, as the area is). */
export const BUSINESS_AREA_LINKS = [
  { to: PATHS.dashboard, label: 'Dashboard' },
  { to: PATHS.customers, label: 'Customers' },
  { to: PATHS.invoices, label: 'Invoices' },
] as const;

/**
 * The business area as a drop-down menu, on wide screens, like the tools: the seven learning pages leave
 * no room in the bar for three more links, even at 1280 px.
 */
export function BusinessMenu() {
  return (
    <DropdownMenu label={<span lang="en">Business</span>}>
      {(close) =>
        BUSINESS_AREA_LINKS.map((link) => (
          <li key={link.to} lang="en">
            <Link to={link.to} className={classes.item} onClick={close}>
              {link.label}
            </Link>
          </li>
        ))
      }
    </DropdownMenu>
  );
}

/** The same links in the phone menu, under their own heading. */
export function BusinessLinks() {
  return (
    <>
      <p lang="en" className={classes.phoneSection}>
        Business
      </p>
      {BUSINESS_AREA_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} lang="en" className={navClasses.link}>
          {link.label}
        </NavLink>
      ))}
    </>
  );
}
