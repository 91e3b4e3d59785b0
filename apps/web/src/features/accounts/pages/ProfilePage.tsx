import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProfileAnswer, ProfileData } from '@app/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { profileQuery } from '../../../lib/own-profile';
import { errorText, type ScreenState } from '../../../lib/screen-state';
import { ActivitySection } from '../components/profile/ActivitySection';
import { AdminSection } from '../components/profile/AdminSection';
import { AuthenticatorSection } from '../components/profile/AuthenticatorSection';
import { MfaSection } from '../components/profile/MfaSection';
import { PasswordForm } from '../components/profile/PasswordForm';
import { PictureSection } from '../components/profile/PictureSection';
import { ProfileForm } from '../components/profile/ProfileForm';
import { ProfileSummary } from '../components/profile/ProfileSummary';
import { SessionsSection } from '../components/profile/SessionsSection';
import '../components/account-styles';
import '../components/profile/profile-styles';
import classes from '../components/profile/profile.module.css';
import { isAdministrator } from '../../../lib/roles';
import { useNotifiedError } from '../../../lib/use-notified-error';

type ProfileQuery = {
  status: 'pending' | 'error' | 'success';
  data?: ProfileAnswer;
  error: unknown;
};

/**
 * SPEC §4's LOADING / LOADED / ERROR of the profile. Once loaded, the profile stays on screen when fetching
 * it again fails (after a change); that failure is notified.
 */
function profileScreen(query: ProfileQuery): ScreenState<ProfileData> {
  if (query.data?.data) return { state: 'LOADED', data: query.data.data };
  if (query.data) return { state: 'ERROR', error: 'An error occurred - Error status 200' };
  if (query.status === 'error') return { state: 'ERROR', error: errorText(query.error) };
  return { state: 'LOADING' };
}

function ProfileContent({ profile }: { profile: ProfileData }) {
  const { user, events, roles } = profile;
  const phoneField = useRef<HTMLInputElement>(null);
  return (
    <div className={classes.sections}>
      <ProfileSummary user={user} />
      <div className={classes.columns}>
        {/* Another account signed in (another tab), another form. */}
        <ProfileForm key={user.id} user={user} phoneRef={phoneField} pendingEmail={profile.pendingEmail} />
        <div className={classes.stack}>
          <PictureSection user={user} />
          <MfaSection user={user} onPhoneNeeded={() => phoneField.current?.focus()} />
          <AuthenticatorSection email={user.email} />
          <PasswordForm user={user} />
        </div>
      </div>
      {isAdministrator(user.roleName) && <AdminSection me={user} roles={roles} />}
      <SessionsSection />
      <ActivitySection events={events} />
    </div>
  );
}

/**
 * /profile (SPEC §2.2 'user module', §6 guarded; its content is "not shown" by SPEC): the signed-in
 * user's account as a serious product has it. The summary, the personal details, the picture, two-step
 * verification and the password for everyone; administration for administrators; the signed-in sessions
 * and the recent activity.
 * It reads the same profile answer as the signed-in bar, so a change shows in both at once.
 */
export function ProfilePage() {
  const query = useQuery(profileQuery());
  useNotifiedError(query.error);
  return (
    <div lang="en" className={classes.page}>
      <PageTitle>Profile</PageTitle>
      <ScreenStateView screen={profileScreen(query)} loadingLabel="Loading your profile">
        {(profile) => <ProfileContent profile={profile} />}
      </ScreenStateView>
    </div>
  );
}
