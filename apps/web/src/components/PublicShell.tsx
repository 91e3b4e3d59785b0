import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { PlainNavBar } from './PlainNavBar';
import { ThemeChoice } from './ThemeChoice';
import { UpdateBanner } from './UpdateBanner';
import classes from './PublicShell.module.css';

/**
 * The common shell of the site: the top bar and the page below it. Plain elements: it is on every page's
 * first load, where each kilobyte of script counts on a phone. The app gives the bar that switches to the
 * signed-in one (app/TopBar.tsx); the plain bar otherwise.
 */
export function PublicShell({
  topBar = <PlainNavBar />,
  learningSite = false,
}: {
  topBar?: ReactNode;
  /**
   * The learning pages' own parts: the theme choice (they alone have a dark theme; the app's screens stay
   * light) and the offer of a new version (they alone work offline).
   */
  learningSite?: boolean;
}) {
  return (
    <>
      <a href="#main" className="skip-link">
        Aller au contenu
      </a>
      <header className={classes.header}>{topBar}</header>
      {learningSite && <UpdateBanner />}
      <main id="main" className={classes.main}>
        <div className={classes.page}>
          <Outlet />
        </div>
        <footer className={classes.footer}>
          <p>Coran &amp; Hadith — textes cités mot pour mot d'après leurs sources, chaque écart signalé.</p>
          {learningSite && <ThemeChoice />}
          <Link to="/sources" reloadDocument>
            Sources et licences
          </Link>
        </footer>
      </main>
    </>
  );
}

/** The same pages without the shell, for embedding in another site (/embed/<page>). */
export function EmbedShell() {
  return (
    <main id="main" className={classes.embed}>
      <Outlet />
    </main>
  );
}
