import { useFormSubmit } from '../../../../lib/use-form-submit';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { lastFourDigits } from '../../phone';
import { toggleMfa } from '../../profile-api';
import { stepUpRequest } from '../../profile-values';
import { useChangeFactor, type ChangeFactor } from '../../use-change-factor';
import { useShowOwnProfile } from '../../use-own-profile';
import { ErrorBanner } from '../../../../components/FormBanners';
import { StepUpFields, useStepUpForm } from './StepUpFields';

type Props = { user: User; opened: boolean; onClose: () => void };

/**
 * Turning the SMS code at login on or off → PATCH /user/togglemfa with the current password and a code: on, the
 * code sent by SMS to the saved phone (it proves the phone receives them before a login relies on it); off, the
 * code of the second factor (the authenticator app's when it is on, else one sent by SMS). A stolen session alone
 * changes neither. The dialog's content starts empty each time it opens.
 */
export function MfaDialog({ user, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user.usingMfa ? 'Turn off two-step verification' : 'Turn on two-step verification'}
      centered
      lang="en"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <MfaForm user={user} onClose={onClose} />
    </Modal>
  );
}

/** What the dialog says, by the direction and the factor the change needs (none until it is known). */
function explanation(user: User, factor: ChangeFactor, known: boolean): string | null {
  const digits = lastFourDigits(user.phone);
  if (!user.usingMfa)
    return `Logging in will then also ask for a code sent by SMS to your phone number ending in ${digits}. To confirm it's you and that this phone receives the codes, enter your current password and the code we send to it.`;
  if (!known) return null;
  if (factor === 'TOTP')
    return "Logging in will still ask for the code of your authenticator app. To confirm it's you, enter your current password and a code of the app (or one of your recovery codes).";
  return `Logging in will then ask for your password only. To confirm it's you, enter your current password and the code we send by SMS to your phone number ending in ${digits}.`;
}

function MfaForm({ user, onClose }: Omit<Props, 'opened'>) {
  const change = useChangeFactor(user);
  // Turning on always proves the phone with an SMS code, whatever other factor is on.
  const { factor, known } = user.usingMfa ? change : { factor: 'SMS' as const, known: true };
  const form = useStepUpForm(factor);
  const valid = form.valid && known;
  const showOwnProfile = useShowOwnProfile();
  // The dialog closes on success, so the form stays busy until it goes.
  const { submit, busy, report } = useFormSubmit(valid, async () => {
    const answer = await toggleMfa(stepUpRequest(form.values, factor));
    showOwnProfile(answer);
    notify('success', answer.message);
    onClose();
  });

  return (
    <>
      <Text size="sm" mb="md">
        {explanation(user, factor, known)}
      </Text>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <StepUpFields form={form} user={user} factor={factor} disabled={busy} onError={report.show} />
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button type="button" variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color={user.usingMfa ? 'red' : undefined} disabled={!valid || busy}>
            {busy ? 'Saving...' : user.usingMfa ? 'Turn off' : 'Turn on'}
          </Button>
        </Group>
      </form>
    </>
  );
}
