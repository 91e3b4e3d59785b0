import { useId } from 'react';
import type { OrganisationSummary } from '@app/contracts';
import { roleLabel } from '../../../lib/roles';
import { useSwitchOrganisation } from '../use-switch-organisation';
import classes from './SignedInBar.module.css';

type Props = {
  current: OrganisationSummary;
  organisations: OrganisationSummary[];
  /** Closes the menu that holds the list. */
  onChoose: () => void;
};

function Check() {
  return (
    <svg className={classes.check} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The user's organisations in the profile menu (decision 17), the current one ticked and marked
 * aria-current; choosing another one works in it from then on. Buttons in a list, like the menu's other
 * entries: reached with Tab, chosen with Enter or Space.
 */
export function OrganisationSwitcher({ current, organisations, onChoose }: Props) {
  const switchTo = useSwitchOrganisation();
  const headingId = useId();
  return (
    <li lang="en" className={classes.menuGroup}>
      <span id={headingId} className={classes.menuHeading}>
        Organisations
      </span>
      <ul aria-labelledby={headingId} className={classes.menuList}>
        {organisations.map((organisation) => {
          const isCurrent = organisation.id === current.id;
          return (
            <li key={organisation.id}>
              <button
                type="button"
                className={`${classes.item} ${classes.organisation}`}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => {
                  onChoose();
                  if (!isCurrent) void switchTo(organisation);
                }}
              >
                <span className={classes.checkSlot}>{isCurrent && <Check />}</span>
                <span className={classes.organisationText}>
                  <span className={classes.organisationName}>{organisation.name}</span>
                  <span className={classes.organisationRole}>{roleLabel(organisation.roleName)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
