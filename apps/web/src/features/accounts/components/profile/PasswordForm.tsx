import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { notify } from '../../../../lib/notify';
import { updatePassword } from '../../profile-api';
import { useErrorReport } from '../../use-error-report';
import { useForm } from '../../use-form';
import { useShowOwnProfile } from '../../use-own-profile';
import { validatePasswordChange } from '../../validation';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ProfileSection } from './ProfileSection';
import { NewPasswordInput } from '../NewPasswordInput';

const EMPTY = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * Change password → PATCH /user/update/password. The server ends every other session of the account
 * (whoever knew the old password is out); this browser stays signed in. The fields are emptied after.
 */
export function PasswordForm({ email }: { email: string }) {
  const form = useForm(EMPTY, validatePasswordChange);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const report = useErrorReport();
  const showOwnProfile = useShowOwnProfile();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid || saving) return;
    setSaving(true);
    setDone(null);
    report.clear();
    try {
      const answer = await updatePassword(form.values);
      showOwnProfile(answer);
      notify('success', answer.message);
      form.reset();
      setDone(`${answer.message}. Your other devices have been signed out.`);
    } catch (error) {
      report.show(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection
      title="Password"
      description="Changing your password signs you out on your other devices; this one stays signed in."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={saving}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            disabled={saving}
            {...form.field('currentPassword')}
          />
          <NewPasswordInput label="New password" disabled={saving} {...form.field('newPassword')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            disabled={saving}
            {...form.field('confirmNewPassword')}
          />
          <div>
            <Button type="submit" disabled={!form.valid || !form.edited || saving}>
              {saving ? 'Saving...' : 'Change password'}
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
