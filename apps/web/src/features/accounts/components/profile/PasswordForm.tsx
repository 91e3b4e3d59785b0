import { useState } from 'react';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import type { User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { updatePassword } from '../../profile-api';
import { stepUpRequest } from '../../profile-values';
import { useChangeFactor } from '../../use-change-factor';
import { useForm } from '../../../../lib/use-form';
import { passwordChangeFormSchema } from '../../form-schemas';
import { useShowOwnProfile } from '../../use-own-profile';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ProfileSection } from './ProfileSection';
import { ChangeFactorField } from './StepUpFields';
import { NewPasswordInput } from '../NewPasswordInput';
import { CurrentPasswordInput } from './CurrentPasswordInput';

const EMPTY = { currentPassword: '', newPassword: '', confirmNewPassword: '', code: '' };

/**
 * Change password → PATCH /user/update/password. The server ends every other session of the account
 * (whoever knew the old password is out); this browser stays signed in. The fields are emptied after.
 * With a second factor on, the change also needs its code: the authenticator app's (or a recovery code) when
 * the app is on, else one sent by SMS. Until the factor is known, the form cannot be sent.
 */
export function PasswordForm({ user }: { user: User }) {
  const { factor, known } = useChangeFactor(user);
  const form = useForm(passwordChangeFormSchema(factor), EMPTY);
  const valid = form.valid && known;
  const [done, setDone] = useState<string | null>(null);
  const showOwnProfile = useShowOwnProfile();

  const { submit, busy, report } = useFormSubmit(
    valid,
    async () => {
      setDone(null);
      const { newPassword, confirmNewPassword } = form.values;
      const answer = await updatePassword({
        ...stepUpRequest(form.values, factor),
        newPassword,
        confirmNewPassword,
      });
      showOwnProfile(answer);
      notify('success', answer.message);
      form.reset();
      setDone(`${answer.message}. Your other devices have been signed out.`);
    },
    { stays: true },
  );

  return (
    <ProfileSection
      title="Password"
      description="Changing your password signs you out on your other devices; this one stays signed in."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <Stack gap="sm">
          <CurrentPasswordInput disabled={busy} {...form.field('currentPassword')} />
          <NewPasswordInput label="New password" disabled={busy} {...form.field('newPassword')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            disabled={busy}
            {...form.field('confirmNewPassword')}
          />
          <ChangeFactorField
            factor={factor}
            field={form.field('code')}
            phone={user.phone}
            disabled={busy}
            onError={report.show}
          />
          <div>
            <Button type="submit" disabled={!valid || !form.edited || busy}>
              {busy ? 'Saving...' : 'Change password'}
            </Button>
          </div>
          <Text size="sm" c="teal.9" role="status">
            {done}
          </Text>
        </Stack>
      </form>
    </ProfileSection>
  );
}
