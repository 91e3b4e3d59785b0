import { useState, type Ref } from 'react';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { Button, Fieldset, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { PROFILE_TEXT_MAX_LENGTH, ProfileFieldsSchema, type User } from '@app/contracts';
import { notify } from '../../../../lib/notify';
import { updateProfile } from '../../profile-api';
import { changesEmailOrPhone, profileRequest, profileValuesOf, stepUpRequest } from '../../profile-values';
import { useChangeFactor, type ChangeFactor } from '../../use-change-factor';
import { useForm } from '../../../../lib/use-form';
import { useShowOwnProfile } from '../../use-own-profile';
import { ErrorBanner, SuccessBanner } from '../../../../components/FormBanners';
import { ProfileSection } from './ProfileSection';
import { StepUpFields, useStepUpForm } from './StepUpFields';

/** What a change of the e-mail or phone needs, by the second factor it needs. */
function proofNeeded(factor: ChangeFactor): string {
  if (factor === 'TOTP')
    return 'Changing your e-mail address or phone number needs your current password and a code of your authenticator app.';
  if (factor === 'SMS')
    return 'Changing your e-mail address or phone number needs your current password and a code sent by SMS.';
  return 'Changing your e-mail address or phone number needs your current password.';
}

type Props = {
  user: User;
  /** The phone field, which the two-step verification section focuses when a phone is missing. */
  phoneRef: Ref<HTMLInputElement>;
  /** A new e-mail address waiting for its owner to open the link sent to it (the profile's pendingEmail). */
  pendingEmail?: string;
};

/**
 * The user's own details → PATCH /user/update. SPEC §6 disables the *customer* form for ROLE_USER; this is
 * the user's own profile, which the server lets every role edit (it asks only READ:USER, which every role
 * has, when the id is the caller's), so the form stays enabled for all. It is disabled while saving only.
 * A new e-mail or phone also needs the current password (and the code of the second factor when one is on),
 * asked for only then; a new e-mail takes effect once its owner opens the link the server sends to it.
 */
export function ProfileForm({ user, phoneRef, pendingEmail }: Props) {
  const form = useForm(ProfileFieldsSchema, profileValuesOf(user));
  const { factor, known } = useChangeFactor(user);
  const stepUp = useStepUpForm(factor);
  const needsStepUp = changesEmailOrPhone(user, form.values);
  const valid = form.valid && (!needsStepUp || (known && stepUp.valid));
  const [hiddenNotice, setHiddenNotice] = useState<string>();
  const showOwnProfile = useShowOwnProfile();

  const { submit, busy, report } = useFormSubmit(
    valid,
    async () => {
      const proof = needsStepUp ? stepUpRequest(stepUp.values, factor) : {};
      const answer = await updateProfile({ ...profileRequest(user.id, form.values), ...proof });
      showOwnProfile(answer);
      notify('success', answer.message);
      // The form starts again from what the server kept (trimmed, blanks as none; the e-mail until confirmed).
      if (answer.data) form.reset(profileValuesOf(answer.data.user));
      stepUp.reset();
    },
    { stays: true },
  );

  return (
    <ProfileSection
      title="Personal information"
      description="Your name, contact details and a few words about you. Your e-mail is also the address you log in with."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <SuccessBanner onClose={() => setHiddenNotice(pendingEmail)}>
        {pendingEmail && pendingEmail !== hiddenNotice
          ? `We sent a confirmation link to ${pendingEmail}. Your address changes once you open it.`
          : null}
      </SuccessBanner>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <fieldset disabled={busy} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" required {...form.field('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
            <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              // The number the login codes go to stays until the SMS code is turned off: a new one is proven by a
              // code sent to it when the SMS code is turned on again (the server's rule).
              description={
                user.usingMfa
                  ? 'Your login codes are sent to this number. To change it, turn off two-step verification first.'
                  : 'Needed for two-step verification.'
              }
              readOnly={user.usingMfa}
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
          {needsStepUp && (
            <Fieldset legend="Confirm it's you" mt="md" variant="filled">
              <Text size="sm" mb="sm">
                {proofNeeded(factor)}
              </Text>
              <StepUpFields form={stepUp} user={user} factor={factor} onError={report.show} />
            </Fieldset>
          )}
          <Group mt="md" gap="sm">
            <Button type="submit" disabled={!valid || !form.edited || busy}>
              {busy ? 'Saving...' : 'Save changes'}
            </Button>
            {form.edited && (
              <Button
                type="button"
                variant="default"
                onClick={() => {
                  form.reset(profileValuesOf(user));
                  stepUp.reset();
                }}
              >
                Discard changes
              </Button>
            )}
          </Group>
        </fieldset>
      </form>
    </ProfileSection>
  );
}
