import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../lib/use-hydrated';
import { NavLinks } from './NavLinks';
import classes from './PlainNavBar.module.css';

// The phone menu is a dialog (focus trap, overlay): its code loads on the first tap, not with every page.
const PhoneMenu = lazy(() => import('./PhoneMenu'));

/**
 * The burger of a phone-sized screen and the menu it opens: the plain bar's links, or those `children`
 * gives (the signed-in bar adds its tools).
 */
export function PhoneMenuButton({ children }: { children?: (close: () => void) => ReactNode }) {
  const [opened, setOpened] = useState(false);
  // The menu needs the app: on a prerendered page the burger waits for it (see useHydrated).
  const hydrated = useHydrated();
  return (
    <>
      <button
        type="button"
        className={classes.burger}
        onClick={() => setOpened(true)}
        disabled={!hydrated}
        aria-label="Ouvrir le menu"
        aria-expanded={opened}
      >
        <span aria-hidden="true" />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <PhoneMenu onClose={() => setOpened(false)}>{children}</PhoneMenu>
        </Suspense>
      )}
    </>
  );
}

/** The top bar for visitors (SPEC §2.1): brand, the learning pages and 'Se connecter'. */
export function PlainNavBar() {
  return (
    <div className={classes.bar}>
      <Link to="/" className={classes.brand}>
        Coran &amp; Hadith
      </Link>
      <nav aria-label="Navigation principale" className={classes.desktop}>
        <NavLinks />
      </nav>
      <PhoneMenuButton />
    </div>
  );
}
