import { Link, NavLink } from 'react-router';
import navClasses from '../../../components/PlainNavBar.module.css';
import { DropdownMenu } from './DropdownMenu';
import classes from './SignedInBar.module.css';
import { PATHS } from '../../../lib/paths';

/** The signed-in bar's tools (SPEC §2.1). Their screens belong to other issues. */
export const TOOL_LINKS = [
  { to: PATHS.calendar, label: 'Calendrier' },
  { to: PATHS.classes, label: 'Mes classes' },
  { to: PATHS.files, label: 'Mes Fichiers' },
] as const;

/** The tools as a drop-down menu, on wide screens. */
export function ToolsMenu() {
  return (
    <DropdownMenu label="Outils">
      {(close) =>
        TOOL_LINKS.map((tool) => (
          <li key={tool.to}>
            <Link to={tool.to} className={classes.item} onClick={close}>
              {tool.label}
            </Link>
          </li>
        ))
      }
    </DropdownMenu>
  );
}

/** The same tools as plain links, in the phone menu. */
export function ToolLinks() {
  return (
    <>
      <p className={classes.phoneSection}>Outils</p>
      {TOOL_LINKS.map((tool) => (
        <NavLink key={tool.to} to={tool.to} className={navClasses.link}>
          {tool.label}
        </NavLink>
      ))}
    </>
  );
}
