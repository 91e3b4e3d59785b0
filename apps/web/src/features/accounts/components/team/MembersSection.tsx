import { Button, Group, Table } from '@mantine/core';
import type { Member, OrganisationSummary, RoleName, User } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ScrollTable } from '../../../../components/ScrollTable';
import { isAdministrator, isOwner, roleLabel } from '../../../../lib/roles';
import { removeMember, signOutEveryone, signOutMember } from '../../organisation-api';
import { formatDay } from '../../profile-dates';
import { updateRole } from '../../profile-api';
import { mayManage, maySignOutEveryone, memberName, rolesToGive } from '../../team-rules';
import { useTeamChange } from '../../use-team-change';
import { ProfileSection } from '../profile/ProfileSection';
import { useConfirmation } from '../../../../components/use-confirmation';
import { MemberRoleForm } from './MemberRoleForm';
import profileClasses from '../profile/profile.module.css';

type Props = { me: User; organisation: OrganisationSummary; members: Member[] };

/**
 * The members of the organisation with their role and since when, in a table that scrolls sideways on a
 * phone (names and addresses kept whole). An administrator changes the role of, signs out, or removes any
 * other member of a lower rank (owners: of any rank); signing out and removing are confirmed first. Owners
 * also sign everyone out at once. The rest is read only.
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
      danger: true,
    });
    if (confirmed) await change(() => removeMember(member.userId));
  };

  // Nothing is locked: the member may log in again at once. What ends is any session someone else may hold.
  const signOut = async (member: Member) => {
    const name = memberName(member);
    const confirmed = await confirmation.ask({
      title: `Sign out ${name}?`,
      message: `${name} will be signed out on every device and must log in again. Their account stays usable: to keep them out of ${organisation.name}, remove them.`,
      confirmLabel: 'Sign out',
      danger: true,
    });
    if (confirmed) await send(() => signOutMember(member.userId));
  };

  const signOutAll = async () => {
    const confirmed = await confirmation.ask({
      title: 'Sign out everyone?',
      message: `Every member of ${organisation.name} will be signed out on every device and must log in again, you too on your other devices. This device stays signed in.`,
      confirmLabel: 'Sign out everyone',
      danger: true,
    });
    if (confirmed) await send(() => signOutEveryone());
  };

  return (
    <ProfileSection
      title="Members"
      description={
        isOwner(me.roleName)
          ? 'Give another member any role, sign them out on every device, or remove them.'
          : administers
            ? 'Give a member of a lower rank a role up to your own, sign them out on every device, or remove them. Administrators and owners are for an owner to manage.'
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
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void signOut(member)}
                        disabled={busy}
                        aria-label={`Sign out ${name}`}
                      >
                        Sign out
                      </Button>
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
                    </Group>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </ScrollTable>
      {maySignOutEveryone(me) && (
        <Button mt="lg" variant="outline" color="red" onClick={() => void signOutAll()} disabled={busy}>
          Sign out everyone
        </Button>
      )}
      {confirmation.dialog}
    </ProfileSection>
  );
}
