import { NavLink } from 'react-router';
import { isIslandPage } from '../prerendered-pages';
import classes from './PlainNavBar.module.css';

/** The learning site's pages, in the order of the top bar. */
const LEARNING_LINKS = [
  { to: '/coran', label: 'Coran' },
  { to: '/hadith', label: 'Hadith' },
  { to: '/invocations', label: 'Invocations' },
  { to: '/attributes', label: "Noms d'Allah" },
  { to: '/histoire', label: 'Histoire' },
  { to: '/prophets', label: 'Prophètes' },
  { to: '/coursarabe', label: "Cours d'arabe" },
] as const;

/**
 * The learning pages' links, then 'Se connecter' unless a user is signed in (the signed-in bar). A page drawn
 * with islands is not one of the app's screens: its link loads it as a document (decision 22).
 */
export function NavLinks({ withLogin = true }: { withLogin?: boolean }) {
  return (
    <>
      {LEARNING_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.link} reloadDocument={isIslandPage(link.to)}>
          {link.label}
        </NavLink>
      ))}
      {withLogin && (
        <NavLink to="/login" className={classes.login}>
          Se connecter
        </NavLink>
      )}
    </>
  );
}
