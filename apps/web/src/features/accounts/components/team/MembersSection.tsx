import { Button, Table } from '@mantine/core';
import type { Member, OrganisationSummary, RoleName, User } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ScrollTable } from '../../../../components/ScrollTable';
import { isAdministrator, roleLabel } from '../../../../lib/roles';
import { removeMember } from '../../organisation-api';
import { formatDay } from '../../profile-dates';
import { updateRole } from '../../profile-api';
import { mayManage, memberName, rolesToGive } from '../../team-rules';
import { useTeamChange } from '../../use-team-change';
import { ProfileSection } from '../profile/ProfileSection';
import { useConfirmation } from '../profile/use-confirmation';
import { MemberRoleForm } from './MemberRoleForm';
import profileClasses from '../profile/profile.module.css';

type Props = { me: User; organisation: OrganisationSummary; members: Member[] };

/**
 * The members of the organisation with their role and since when, in a table that scrolls sideways on a
 * phone (names and addresses kept whole). An administrator changes the role of,
 * or removes, any other member of no higher rank (removing is confirmed first); the rest is read only.
 */
export function MembersSection({ me, organisation, members }: Props) {
  const { send, change, busy, report } = useTeamChange();
  const confirmation = useConfirmation();
  const administers = isAdministrator(me.roleName);
  const roles = rolesToGive(me);

  const giveRole = (member: Member, role: RoleName) => {
    // The answer is the member's profile; the team on screen is fetched again by lib/http.
    void send(() => updateRole(role, member.userId));
  };

  const remove = async (member: Member) => {
    const name = memberName(member);
    const confirmed = await confirmation.ask({
      title: `Remove ${name}?`,
      message: `${name} will no longer see the customers, invoices and team of ${organisation.name}. You can invite them again later.`,
      confirmLabel: 'Remove',
    });
    if (confirmed) await change(() => removeMember(member.userId));
  };

  return (
    <ProfileSection
      title="Members"
      description={
        administers
          ? 'Give another member a role up to your own, or remove them. Members of a higher rank are theirs to manage.'
          : `The people who work in ${organisation.name}, and their roles.`
      }
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <ScrollTable
        caption={`Members of ${organisation.name}`}
        highlightOnHover={false}
        busy={busy}
        head={
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
            {administers && <Table.Th scope="col">Actions</Table.Th>}
          </Table.Tr>
        }
      >
        {members.map((member) => {
          const manageable = mayManage(me, member);
          const name = memberName(member);
          return (
            <Table.Tr key={member.userId}>
              <Table.Td className={profileClasses.nowrap}>
                {name}
                {member.userId === me.id && (
                  <span className={profileClasses.tag} data-tone="on">
                    You
                  </span>
                )}
              </Table.Td>
              <Table.Td className={profileClasses.nowrap}>{member.email}</Table.Td>
              <Table.Td>
                {manageable ? (
                  // Starts again from the member's role as the server has it, after every change.
                  <MemberRoleForm
                    key={member.roleName}
                    member={member}
                    roles={roles}
                    busy={busy}
                    onSubmit={(role) => giveRole(member, role)}
                  />
                ) : (
                  roleLabel(member.roleName)
                )}
              </Table.Td>
              <Table.Td className={profileClasses.nowrap}>
                <time dateTime={member.joinedAt}>{formatDay(member.joinedAt)}</time>
              </Table.Td>
              {administers && (
                <Table.Td>
                  {manageable && (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red"
                      onClick={() => void remove(member)}
                      disabled={busy}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </ScrollTable>
      {confirmation.dialog}
    </ProfileSection>
  );
}
