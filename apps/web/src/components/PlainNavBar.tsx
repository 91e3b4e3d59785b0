import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { bindMenuDialog } from '../lib/menu-dialog';
import { DialogCloseButton } from './DialogCloseButton';
import { NavLinks } from './NavLinks';
import classes from './PlainNavBar.module.css';

/**
 * The burger of a phone-sized screen and the menu it opens: the plain bar's links, or those `children`
 * gives (the signed-in bar adds its tools). A native modal dialog, so the menu costs no script of its own:
 * on a learning page its behaviour (lib/menu-dialog.ts) is the 'phone-menu' island, in the app it is bound
 * here. Following a link closes it. The burger is disabled until that behaviour is bound.
 */
export function PhoneMenuButton({ children }: { children?: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => (root.current ? bindMenuDialog(root.current) : undefined), []);
  return (
    <div ref={root} data-island="phone-menu" className={classes.phoneMenu}>
      <button
        type="button"
        className={classes.burger}
        data-menu-open
        // Enabled by its behaviour once bound (lib/menu-dialog.ts): a tap before that is not silently lost.
        disabled
        aria-label="Ouvrir le menu"
        aria-haspopup="dialog"
        aria-expanded="false"
      >
        <span aria-hidden="true" />
      </button>
      <dialog className={classes.menu} aria-labelledby={titleId}>
        <div className={classes.menuContent}>
          <div className={classes.menuHeader}>
            <h2 id={titleId} className={classes.menuTitle}>
              Menu
            </h2>
            <DialogCloseButton label="Fermer le menu" />
          </div>
          <nav aria-label="Navigation principale (mobile)" className={classes.menuLinks}>
            {children ?? <NavLinks />}
          </nav>
        </div>
      </dialog>
    </div>
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
