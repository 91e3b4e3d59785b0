import { useState } from 'react';
import { Switch, Text } from '@mantine/core';
import type { User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { lastFourDigits } from '../../phone';
import { toggleMfa } from '../../profile-api';
import { useErrorReport } from '../../use-error-report';
import { useShowOwnProfile } from '../../use-own-profile';
import { MFA_CODE_LENGTH } from '../../validation';
import { ErrorBanner } from '../../../../components/FormBanners';
import { MfaOffDialog } from './MfaOffDialog';
import { ProfileSection } from './ProfileSection';

/** The server's words, said here before calling it: the codes need a phone to go to. */
export const MFA_NEEDS_PHONE = 'You need a phone number to change Multi-Factor Authentication';

type Props = {
  user: User;
  /** Takes the user to the phone field when there is no phone yet. */
  onPhoneNeeded: () => void;
};

/**
 * Two-step verification → PATCH /user/togglemfa: a code by SMS at every login, to the saved phone. Turning it
 * on needs the session only; turning it off asks for the password and a code first (MfaOffDialog).
 */
export function MfaSection({ user, onPhoneNeeded }: Props) {
  const [saving, setSaving] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const report = useErrorReport();
  const showOwnProfile = useShowOwnProfile();
  const digits = lastFourDigits(user.phone);

  const toggle = async () => {
    if (saving) return;
    report.clear();
    // The saved phone is the one the server looks at (one typed but not saved yet does not count).
    if (!user.phone) {
      report.show(new Error(MFA_NEEDS_PHONE));
      onPhoneNeeded();
      return;
    }
    if (user.usingMfa) {
      setTurningOff(true);
      return;
    }
    setSaving(true);
    try {
      const answer = await toggleMfa();
      showOwnProfile(answer);
      notify('success', answer.message);
    } catch (error) {
      report.show(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection
      title="Two-step verification"
      description={`When it is on, logging in also asks for a ${MFA_CODE_LENGTH}-digit code sent to your phone by SMS.`}
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <Switch
        label="Ask for a code sent by SMS"
        checked={user.usingMfa}
        onChange={() => void toggle()}
        disabled={saving}
        aria-busy={saving}
        size="md"
      />
      <Text size="sm" mt="sm">
        {user.phone
          ? `Codes are sent to the phone number ending in ${digits}.`
          : 'Add a phone number to your personal information to turn it on.'}
      </Text>
      <MfaOffDialog user={user} opened={turningOff} onClose={() => setTurningOff(false)} />
    </ProfileSection>
  );
}
