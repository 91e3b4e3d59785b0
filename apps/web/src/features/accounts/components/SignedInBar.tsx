import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { User } from '@app/contracts';
import { NavLinks, PhoneMenuButton, PlainNavBar } from '../../../components/PlainNavBar';
import navClasses from '../../../components/PlainNavBar.module.css';
import { profileQuery } from '../../../lib/own-profile';
import { tokenStore } from '../../../lib/session/token-store';
import { useSessionStatus } from '../use-session';
import { ProfileMenu } from './ProfileMenu';
import { ToolLinks, ToolsMenu } from './ToolsMenu';
import classes from './SignedInBar.module.css';

/** The bar of a signed-in user (SPEC §2.1): the learning pages, the tools menu and the profile menu. */
export function SignedInNavBar({ user }: { user: User }) {
  return (
    <div className={navClasses.bar}>
      <Link to="/" className={navClasses.brand}>
        Coran &amp; Hadith
      </Link>
      <nav aria-label="Navigation principale" className={`${navClasses.desktop} ${classes.wideNav}`}>
        <NavLinks withLogin={false} />
        <ToolsMenu />
      </nav>
      <div className={classes.end}>
        <ProfileMenu user={user} />
        <span className={classes.narrowMenu}>
          <PhoneMenuButton>
            {(close) => (
              <>
                <NavLinks withLogin={false} onNavigate={close} />
                <ToolLinks onNavigate={close} />
              </>
            )}
          </PhoneMenuButton>
        </span>
      </div>
    </div>
  );
}

/**
 * Loaded by app/TopBar.tsx only when a token is stored. Shows the signed-in bar once the profile is
 * loaded; the plain bar before, and for good if the session has ended (its tokens are then forgotten).
 */
export default function SignedInBar() {
  const status = useSessionStatus();
  const profile = useQuery({ ...profileQuery(), enabled: status !== 'ended' });

  useEffect(() => {
    // Both tokens expired: nothing the server would accept, so no call is made for them.
    if (status === 'ended') tokenStore.clear();
  }, [status]);

  const user = profile.data?.data?.user;
  return user && status !== 'ended' ? <SignedInNavBar user={user} /> : <PlainNavBar />;
}
