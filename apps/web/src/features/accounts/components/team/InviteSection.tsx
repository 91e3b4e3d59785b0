import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { INVITATION_VALID_DAYS, InviteRequestSchema, type RoleName, type User } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { roleLabel } from '../../../../lib/roles';
import { invite } from '../../organisation-api';
import { rolesToGive } from '../../team-rules';
import { useForm } from '../../../../lib/use-form';
import { useTeamChange } from '../../use-team-change';
import { ProfileSection } from '../profile/ProfileSection';

/** The role an invitation offers unless another is chosen: the least one, raised later if need be. */
const FIRST_ROLE: RoleName = 'ROLE_USER';

/** The address typed (the role comes from a select that offers only roles the server would accept). */
const InvitationFormSchema = InviteRequestSchema.pick({ email: true });

/**
 * Inviting someone by e-mail (administrators) → POST /organisation/invitations, with a role no higher
 * than the administrator's own. After sending, the form is empty again for the next person.
 */
export function InviteSection({ me }: { me: User }) {
  const form = useForm(InvitationFormSchema, { email: '' });
  const [role, setRole] = useState<RoleName>(FIRST_ROLE);
  const { change, busy, report } = useTeamChange();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid || busy) return;
    const sent = await change(() => invite({ email: form.values.email.trim(), roleName: role }));
    if (sent) {
      form.reset();
      setRole(FIRST_ROLE);
    }
  };

  return (
    <ProfileSection
      title="Invite someone"
      description={`They receive an e-mail with a link valid for ${INVITATION_VALID_DAYS} days, to join with their account or to create one.`}
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            required
            disabled={busy}
            {...form.field('email')}
          />
          <NativeSelect
            label="Role"
            description={`Up to your own role (${roleLabel(me.roleName)})`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as RoleName)}
            disabled={busy}
            data={rolesToGive(me).map((r) => ({ value: r, label: roleLabel(r) }))}
          />
          <div>
            <Button type="submit" disabled={!form.valid || !form.edited || busy}>
              {busy ? 'Sending...' : 'Send invitation'}
            </Button>
          </div>
        </Stack>
      </form>
    </ProfileSection>
  );
}
