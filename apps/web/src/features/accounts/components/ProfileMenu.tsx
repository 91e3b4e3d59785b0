import { Link } from 'react-router';
import type { ProfileData } from '@app/contracts';
import { PATHS } from '../../../lib/paths';
import { useLogout } from '../use-logout';
import { DropdownMenu } from './DropdownMenu';
import { OrganisationSwitcher } from './OrganisationSwitcher';
import { UserAvatar } from './UserAvatar';
import classes from './SignedInBar.module.css';

/**
 * The signed-in user's picture (or initials) and name, opening 'Profile', 'Team', the organisations to
 * switch between (decision 17) and 'Logout' (SPEC §2.1).
 */
export function ProfileMenu({ profile }: { profile: ProfileData }) {
  const logout = useLogout();
  const { user } = profile;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <DropdownMenu
      label={
        <>
          <UserAvatar user={user} />
          <span className={classes.name}>{name}</span>
        </>
      }
    >
      {(close) => (
        <>
          <li lang="en">
            <Link to={PATHS.profile} className={classes.item} onClick={close}>
              Profile
            </Link>
          </li>
          <li lang="en">
            <Link to={PATHS.team} className={classes.item} onClick={close}>
              Team
            </Link>
          </li>
          <OrganisationSwitcher
            current={profile.organisation}
            organisations={profile.organisations}
            onChoose={close}
          />
          <li lang="en">
            <button
              type="button"
              className={classes.item}
              onClick={() => {
                close();
                void logout();
              }}
            >
              Logout
            </button>
          </li>
        </>
      )}
    </DropdownMenu>
  );
}
