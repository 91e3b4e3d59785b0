import { useState, type FormEvent, type Ref } from 'react';
import { Button, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { updateProfile } from '../../profile-api';
import { profileRequest, profileValuesOf } from '../../profile-values';
import { useErrorReport } from '../../use-error-report';
import { useForm } from '../../use-form';
import { useShowOwnProfile } from '../../use-own-profile';
import { PROFILE_TEXT_MAX_LENGTH, validateProfile } from '../../validation';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ProfileSection } from './ProfileSection';

type Props = {
  user: User;
  /** The phone field, which the two-step verification section focuses when a phone is missing. */
  phoneRef: Ref<HTMLInputElement>;
};

/**
 * The user's own details → PATCH /user/update. SPEC §6 disables the *customer* form for ROLE_USER; this is
 * the user's own profile, which the server lets every role edit (it asks only READ:USER, which every role
 * has, when the id is the caller's), so the form stays enabled for all. It is disabled while saving only.
 */
export function ProfileForm({ user, phoneRef }: Props) {
  const form = useForm(profileValuesOf(user), (values) =>
    validateProfile(values, { usingMfa: user.usingMfa }),
  );
  const [saving, setSaving] = useState(false);
  const report = useErrorReport();
  const showOwnProfile = useShowOwnProfile();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid || saving) return;
    setSaving(true);
    report.clear();
    try {
      const answer = await updateProfile(profileRequest(user.id, form.values));
      showOwnProfile(answer);
      notify('success', answer.message);
      // The form starts again from what the server kept (trimmed, blanks as none).
      if (answer.data) form.reset(profileValuesOf(answer.data.user));
    } catch (error) {
      report.show(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProfileSection
      title="Personal information"
      description="Your name, contact details and a few words about you. Your e-mail is also the address you log in with."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={saving}>
        <fieldset disabled={saving} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" required {...form.field('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
            <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                user.usingMfa
                  ? 'Your login codes are sent to this number.'
                  : 'Needed for two-step verification.'
              }
              ref={phoneRef}
              {...form.field('phone')}
            />
            <TextInput
              label="Title"
              autoComplete="organization-title"
              maxLength={PROFILE_TEXT_MAX_LENGTH.title}
              {...form.field('title')}
            />
            <TextInput
              label="Address"
              autoComplete="street-address"
              maxLength={PROFILE_TEXT_MAX_LENGTH.address}
              {...form.field('address')}
            />
          </SimpleGrid>
          <Textarea
            label="Bio"
            mt="md"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={PROFILE_TEXT_MAX_LENGTH.bio}
            {...form.field('bio')}
          />
          <Group mt="md" gap="sm">
            <Button type="submit" disabled={!form.valid || !form.edited || saving}>
              {saving ? 'Saving...' : 'Save changes'}
            </Button>
            {form.edited && (
              <Button type="button" variant="default" onClick={() => form.reset(profileValuesOf(user))}>
                Discard changes
              </Button>
            )}
          </Group>
        </fieldset>
      </form>
    </ProfileSection>
  );
}
