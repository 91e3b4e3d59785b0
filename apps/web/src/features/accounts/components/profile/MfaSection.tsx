import { useState } from 'react';
import { Switch, Text } from '@mantine/core';
import { MFA_CODE_LENGTH, type User } from '@app/contracts';
import { lastFourDigits } from '../../phone';
import { useFormError } from '../../../../lib/error-notice';
import { ErrorBanner } from '../../../../components/FormBanners';
import { MfaDialog } from './MfaDialog';
import { ProfileSection } from './ProfileSection';

/** The server's words, said here before calling it: the codes need a phone to go to. */
export const MFA_NEEDS_PHONE = 'You need a phone number to change Multi-Factor Authentication';

type Props = {
  user: User;
  /** Takes the user to the phone field when there is no phone yet. */
  onPhoneNeeded: () => void;
};

/**
 * Two-step verification → PATCH /user/togglemfa: a code by SMS at every login, to the saved phone. Turning it on
 * or off asks for the password and a code first (MfaDialog). The section says what SMS codes do not protect
 * against, and that the authenticator app (the section below) is the stronger factor.
 */
export function MfaSection({ user, onPhoneNeeded }: Props) {
  const [changing, setChanging] = useState(false);
  const report = useFormError();
  const digits = lastFourDigits(user.phone);

  const toggle = () => {
    report.clear();
    // The saved phone is the one the server looks at (one typed but not saved yet does not count).
    if (!user.phone) {
      report.show(new Error(MFA_NEEDS_PHONE));
      onPhoneNeeded();
      return;
    }
    setChanging(true);
  };

  return (
    <ProfileSection
      title="Two-step verification"
      description={`When it is on, logging in also asks for a ${MFA_CODE_LENGTH}-digit code sent to your phone by SMS.`}
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <Switch label="Ask for a code sent by SMS" checked={user.usingMfa} onChange={toggle} size="md" />
      <Text size="sm" mt="sm">
        {user.phone
          ? `Codes are sent to the phone number ending in ${digits}.`
          : 'Add a phone number to your personal information to turn it on.'}
      </Text>
      <Text size="sm" mt="sm">
        SMS codes protect against a stolen password, but a text message can be read by someone who takes over
        your phone number (a SIM swap, or a number given to someone else) or sees your phone&apos;s screen. An
        authenticator app is safer.
      </Text>
      <MfaDialog user={user} opened={changing} onClose={() => setChanging(false)} />
    </ProfileSection>
  );
}
