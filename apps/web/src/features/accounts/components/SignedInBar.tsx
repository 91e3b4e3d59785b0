import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ProfileData } from '@app/contracts';
import { NavLinks } from '../../../components/NavLinks';
import { PhoneMenuButton, PlainNavBar } from '../../../components/PlainNavBar';
import navClasses from '../../../components/PlainNavBar.module.css';
import { profileQuery } from '../../../lib/own-profile';
import { tokenStore } from '../../../lib/session/token-store';
import { useSessionStatus } from '../use-session';
import { BusinessLinks, BusinessMenu } from './BusinessLinks';
import { ProfileMenu } from './ProfileMenu';
import { ToolLinks, ToolsMenu } from './ToolsMenu';
import classes from './SignedInBar.module.css';

/**
 * The bar of a signed-in user (SPEC §2.1): the learning pages, the business area and tools menus, and the
 * profile menu.
 */
export function SignedInNavBar({ profile }: { profile: ProfileData }) {
  return (
    <div className={navClasses.bar}>
      <Link to="/" className={navClasses.brand}>
        Coran &amp; Hadith
      </Link>
      <nav aria-label="Navigation principale" className={`${navClasses.desktop} ${classes.wideNav}`}>
        <NavLinks withLogin={false} />
        <BusinessMenu />
        <ToolsMenu />
      </nav>
      <div className={classes.end}>
        <ProfileMenu profile={profile} />
        <span className={classes.narrowMenu}>
          <PhoneMenuButton>
            <NavLinks withLogin={false} />
            <BusinessLinks />
            <ToolLinks />
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

  const data = profile.data?.data;
  return data && status !== 'ended' ? <SignedInNavBar profile={data} /> : <PlainNavBar />;
}
