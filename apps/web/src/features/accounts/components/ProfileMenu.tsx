import { Link } from 'react-router';
import type { User } from '@app/contracts';
import { useLogout } from '../use-logout';
import { DropdownMenu } from './DropdownMenu';
import { UserAvatar } from './UserAvatar';
import classes from './SignedInBar.module.css';

/** The signed-in user's picture (or initials) and name, opening 'Profile' and 'Logout' (SPEC §2.1). */
export function ProfileMenu({ user }: { user: User }) {
  const logout = useLogout();
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
            <Link to="/profile" className={classes.item} onClick={close}>
              Profile
            </Link>
          </li>
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
