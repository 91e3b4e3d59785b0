import { useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import type { OrganisationSummary, User } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { roleLabel } from '../../../../lib/roles';
import { removeMember, renameOrganisation } from '../../organisation-api';
import { mayRename } from '../../team-rules';
import { useTeamChange } from '../../use-team-change';
import { ProfileSection } from '../profile/ProfileSection';
import { useConfirmation } from '../../../../components/use-confirmation';
import { OrganisationNameForm } from './OrganisationNameForm';
import profileClasses from '../profile/profile.module.css';
import classes from './team.module.css';

type Props = { me: User; organisation: OrganisationSummary; memberCount: number };

/**
 * The organisation one works in: its name (renamed in place by its owners), one's role there, and leaving
 * it. Leaving is confirmed first: only an invitation brings one back.
 */
export function OrganisationSection({ me, organisation, memberCount }: Props) {
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const { change, busy, report } = useTeamChange();
  const confirmation = useConfirmation();

  // Back on the button that opened the form, so a keyboard user does not start again from the top.
  const closeForm = () => {
    setRenaming(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  const rename = async (name: string) => {
    if (await change(() => renameOrganisation({ name }))) closeForm();
  };

  const leave = async () => {
    const confirmed = await confirmation.ask({
      title: `Leave ${organisation.name}?`,
      message:
        'You will no longer see its customers, invoices and team; only a new invitation brings you back. You will work in another of your organisations, or in a new one of your own if you have no other.',
      confirmLabel: 'Leave organisation',
      danger: true,
    });
    if (confirmed) await change(() => removeMember(me.id));
  };

  return (
    <ProfileSection
      title="Organisation"
      description="The business you work in now: its customers, invoices and team are its own."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      {renaming ? (
        <OrganisationNameForm
          current={organisation.name}
          busy={busy}
          onSave={(name) => void rename(name)}
          onCancel={closeForm}
        />
      ) : (
        <div className={classes.nameRow}>
          <Text size="xl" fw={700} className={classes.organisationName}>
            {organisation.name}
          </Text>
          {mayRename(me) && (
            <Button ref={renameButton} variant="default" onClick={() => setRenaming(true)} disabled={busy}>
              Rename
            </Button>
          )}
        </div>
      )}
      <dl className={profileClasses.facts}>
        <div>
          <dt>Your role</dt>
          <dd>{roleLabel(organisation.roleName)}</dd>
        </div>
        <div>
          <dt>Members</dt>
          <dd>{memberCount}</dd>
        </div>
      </dl>
      <Button mt="lg" variant="outline" color="red" onClick={() => void leave()} disabled={busy}>
        Leave organisation
      </Button>
      {confirmation.dialog}
    </ProfileSection>
  );
}
