import { useState, type CSSProperties } from 'react';
import type { User } from '@app/contracts';
import classes from './profile.module.css';

function initialsOf(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

type Props = {
  user: Pick<User, 'firstName' | 'lastName' | 'imageUrl'>;
  size?: number;
  /** Empty when the name is written next to it (the picture then adds nothing for a screen reader). */
  alt?: string;
};

/** A round picture of the user, or their initials when there is none or it does not load. */
export function ProfilePicture({ user, size = 96, alt = '' }: Props) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = user.imageUrl && user.imageUrl !== failedUrl ? user.imageUrl : null;
  const style = { '--picture-size': `${size}px` } as CSSProperties;
  if (!url) {
    return (
      <span
        className={classes.picture}
        style={style}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      >
        {initialsOf(user)}
      </span>
    );
  }
  return (
    <span className={classes.picture} style={style}>
      <img src={url} alt={alt} onError={() => setFailedUrl(url)} />
    </span>
  );
}
