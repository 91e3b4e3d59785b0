import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { lastFourDigits } from '../../phone';
import { toggleMfa } from '../../profile-api';
import { stepUpRequest } from '../../profile-values';
import { useChangeFactor, type ChangeFactor } from '../../use-change-factor';
import { useErrorReport } from '../../use-error-report';
import { useShowOwnProfile } from '../../use-own-profile';
import { ErrorBanner } from '../../../../components/FormBanners';
import { StepUpFields, useStepUpForm } from './StepUpFields';

type Props = { user: User; opened: boolean; onClose: () => void };

/**
 * Turning two-step verification off → PATCH /user/togglemfa with the current password and a code (of the
 * authenticator app when it is on, else one sent by SMS): a stolen session alone cannot remove the second step.
 * The dialog's content starts empty each time it opens.
 */
export function MfaOffDialog({ user, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Turn off two-step verification"
      centered
      lang="en"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <MfaOffForm user={user} onClose={onClose} />
    </Modal>
  );
}

/** What the dialog says, by the factor the change needs (none until it is known). */
function explanation(factor: ChangeFactor, known: boolean, phone: string | null): string | null {
  if (!known) return null;
  if (factor === 'TOTP')
    return "Logging in will still ask for the code of your authenticator app. To confirm it's you, enter your current password and a code of the app (or one of your recovery codes).";
  return `Logging in will then ask for your password only. To confirm it's you, enter your current password and the code we send by SMS to your phone number ending in ${lastFourDigits(phone)}.`;
}

function MfaOffForm({ user, onClose }: Omit<Props, 'opened'>) {
  const { factor, known } = useChangeFactor(user);
  const form = useStepUpForm(factor);
  const valid = form.valid && known;
  const [saving, setSaving] = useState(false);
  const report = useErrorReport();
  const showOwnProfile = useShowOwnProfile();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    setSaving(true);
    report.clear();
    try {
      const answer = await toggleMfa(stepUpRequest(form.values, factor));
      showOwnProfile(answer);
      notify('success', answer.message);
      onClose();
    } catch (error) {
      report.show(error);
      setSaving(false);
    }
  };

  return (
    <>
      <Text size="sm" mb="md">
        {explanation(factor, known, user.phone)}
      </Text>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={saving}>
        <StepUpFields form={form} user={user} factor={factor} disabled={saving} onError={report.show} />
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button type="button" variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={!valid || saving}>
            {saving ? 'Saving...' : 'Turn off'}
          </Button>
        </Group>
      </form>
    </>
  );
}
