import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import classes from './PlainNavBar.module.css';

// The phone menu is a dialog (focus trap, overlay): its code loads on the first tap, not with every page.
const PhoneMenu = lazy(() => import('./PhoneMenu'));

/** The learning site's pages, in the order of the top bar. */
export const LEARNING_LINKS = [
  { to: '/coran', label: 'Coran' },
  { to: '/hadith', label: 'Hadith' },
  { to: '/invocations', label: 'Invocations' },
  { to: '/attributes', label: "Noms d'Allah" },
  { to: '/histoire', label: 'Histoire' },
  { to: '/prophets', label: 'Prophètes' },
  { to: '/coursarabe', label: "Cours d'arabe" },
] as const;

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {LEARNING_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.link} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      <NavLink to="/login" className={classes.login} onClick={onNavigate}>
        Se connecter
      </NavLink>
    </>
  );
}

/** The top bar for visitors (SPEC §2.1): brand, the learning pages and 'Se connecter'. */
export function PlainNavBar() {
  const [opened, setOpened] = useState(false);
  return (
    <div className={classes.bar}>
      <Link to="/" className={classes.brand}>
        Coran &amp; Hadith
      </Link>
      <nav aria-label="Navigation principale" className={classes.desktop}>
        <NavLinks />
      </nav>
      <button
        type="button"
        className={classes.burger}
        onClick={() => setOpened(true)}
        aria-label="Ouvrir le menu"
        aria-expanded={opened}
      >
        <span aria-hidden="true" />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <PhoneMenu onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </div>
  );
}
