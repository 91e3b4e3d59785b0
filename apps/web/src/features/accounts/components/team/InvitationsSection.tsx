import { Button, Table, Text } from '@mantine/core';
import type { PendingInvitation } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ScrollTable } from '../../../../components/ScrollTable';
import { roleLabel } from '../../../../lib/roles';
import { withdrawInvitation } from '../../organisation-api';
import { formatDay } from '../../profile-dates';
import { useTeamChange } from '../../use-team-change';
import { ProfileSection } from '../profile/ProfileSection';
import profileClasses from '../profile/profile.module.css';

/**
 * The invitations sent and not yet used (administrators). Withdrawing one needs no confirmation: it can
 * be sent again at once, and a withdrawn link simply stops working.
 */
export function InvitationsSection({ invitations }: { invitations: PendingInvitation[] }) {
  const { change, busy, report } = useTeamChange();
  return (
    <ProfileSection
      title="Pending invitations"
      description="Sent and not used yet. A withdrawn invitation's link stops working at once."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      {invitations.length === 0 ? (
        <Text>No pending invitations.</Text>
      ) : (
        <ScrollTable
          caption={`${invitations.length} pending invitation${invitations.length === 1 ? '' : 's'}`}
          highlightOnHover={false}
          busy={busy}
          head={
            <Table.Tr>
              <Table.Th scope="col">E-mail</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Invited by</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          }
        >
          {invitations.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td className={profileClasses.nowrap}>{invitation.email}</Table.Td>
              <Table.Td>{roleLabel(invitation.roleName)}</Table.Td>
              <Table.Td>{invitation.invitedBy}</Table.Td>
              <Table.Td className={profileClasses.nowrap}>
                <time dateTime={invitation.expiresAt}>{formatDay(invitation.expiresAt)}</time>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void change(() => withdrawInvitation(invitation.id))}
                  disabled={busy}
                  aria-label={`Withdraw the invitation of ${invitation.email}`}
                >
                  Withdraw
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </ProfileSection>
  );
}
