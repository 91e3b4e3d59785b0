import { useState } from 'react';
import type { User } from '@app/contracts';
import classes from './SignedInBar.module.css';

function initialsOf(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

/**
 * The user's picture, or their initials when there is none or it does not load. Decorative: the name
 * next to it says who it is.
 */
export function UserAvatar({ user }: { user: Pick<User, 'firstName' | 'lastName' | 'imageUrl'> }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = user.imageUrl && user.imageUrl !== failedUrl ? user.imageUrl : null;
  return (
    <span className={classes.avatar} aria-hidden="true">
      {url ? <img src={url} alt="" onError={() => setFailedUrl(url)} /> : initialsOf(user)}
    </span>
  );
}
