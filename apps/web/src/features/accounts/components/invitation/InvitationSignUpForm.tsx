import { Button, Stack, TextInput } from '@mantine/core';
import { InvitationSignUpSchema, type InvitationData } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { signUpFromInvitation } from '../../organisation-api';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { useForm } from '../../../../lib/use-form';
import { NewPasswordInput } from '../NewPasswordInput';

const EMPTY = { firstName: '', lastName: '', password: '' };

type Props = {
  invitationKey: string;
  invitation: InvitationData['invitation'];
  /** The server's message once the account exists. */
  onCreated: (message: string) => void;
};

/**
 * Creating the invited address's account from the link (no account has it yet) → POST
 * /organisation/invitation/{key}/signup. The address is the invited one, shown rather than typed: the link
 * proves it, so the account needs no confirmation e-mail and can log in at once.
 */
export function InvitationSignUpForm({ invitationKey, invitation, onCreated }: Props) {
  const form = useForm(InvitationSignUpSchema, EMPTY);
  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    const { firstName, lastName, password } = form.values;
    const answer = await signUpFromInvitation(invitationKey, {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      password,
    });
    onCreated(answer.message);
  });

  return (
    <>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <Stack>
          <TextInput
            label="Email"
            value={invitation.email}
            readOnly
            variant="filled"
            autoComplete="username"
            description="The invited address"
          />
          <TextInput label="First Name" autoComplete="given-name" required {...form.field('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" required {...form.field('lastName')} />
          <NewPasswordInput label="Password" {...form.field('password')} />
          <Button type="submit" disabled={!form.valid || !form.edited || busy} fullWidth>
            {busy ? 'Saving...' : 'Create account and join'}
          </Button>
        </Stack>
      </form>
    </>
  );
}
