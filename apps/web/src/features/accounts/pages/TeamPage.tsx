import { useQuery } from '@tanstack/react-query';
import type { TeamData } from '@app/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { answerScreen } from '../../../lib/answer-screen';
import { BusinessDetailsSection } from '../components/team/BusinessDetailsSection';
import { InvitationsSection } from '../components/team/InvitationsSection';
import { InviteSection } from '../components/team/InviteSection';
import { MembersSection } from '../components/team/MembersSection';
import { OrganisationSection } from '../components/team/OrganisationSection';
import '../components/account-styles';
import '../components/profile/profile-styles';
import classes from '../components/profile/profile.module.css';
import { teamQuery } from '../organisation-api';
import { mayInvite } from '../team-rules';
import { useNotifiedError } from '../../../lib/use-notified-error';

function TeamContent({ team }: { team: TeamData }) {
  const { user: me, organisation, members, invitations } = team;
  const organisationSection = (
    <OrganisationSection me={me} organisation={organisation} memberCount={members.length} />
  );
  return (
    <div className={classes.sections}>
      {mayInvite(me) ? (
        <div className={classes.columns}>
          {organisationSection}
          <InviteSection me={me} />
        </div>
      ) : (
        organisationSection
      )}
      <BusinessDetailsSection />
      <MembersSection me={me} organisation={organisation} members={members} />
      {mayInvite(me) && <InvitationsSection invitations={invitations} />}
    </div>
  );
}

/**
 * /team (decision 17; guarded): the organisation the user works in, who its invoices are from, its members and
 * their roles. Owners rename it and write its business details; administrators change roles, remove members, invite people and withdraw invitations, never
 * above their own rank; everyone may leave it. What the screen offers mirrors the server's rules, which
 * decide. Switching to another organisation is in the profile menu.
 */
export function TeamPage() {
  const query = useQuery(teamQuery());
  useNotifiedError(query.error);
  return (
    <div lang="en" className={classes.page}>
      <PageTitle>Team</PageTitle>
      <ScreenStateView screen={answerScreen<TeamData>(query)} loadingLabel="Loading your team">
        {(team) => <TeamContent team={team} />}
      </ScreenStateView>
    </div>
  );
}
