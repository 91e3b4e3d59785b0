import { useState } from 'react';
import { Anchor, Button, Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InvitationData } from '@app/contracts';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { PATHS } from '../../../lib/paths';
import { roleLabel } from '../../../lib/roles';
import { errorText } from '../../../lib/screen-state';
import type { LoginRedirectState } from '../account-paths';
import { AccountCard, AccountLinks, LoginAndRegisterLinks } from '../components/AccountCard';
import { AcceptInvitation } from '../components/invitation/AcceptInvitation';
import { InvitationSignUpForm } from '../components/invitation/InvitationSignUpForm';
import { StatusIcon } from '../components/StatusIcon';
import '../components/account-styles';
import { invitationQuery } from '../organisation-api';
import { formatDay } from '../profile-dates';
import { useNotifiedError } from '../../../lib/use-notified-error';
import { useSessionStatus } from '../use-session';

/** "Amina Benali invites you to join Atelier Lumière as Manager". */
export function invitationTitle(invitation: InvitationData['invitation']): string {
  return `${invitation.invitedBy} invites you to join ${invitation.organisationName} as ${roleLabel(invitation.roleName)}`;
}

/** What the link's holder can do: accept when signed in, otherwise log in first or create the account. */
function NextStep({ invitationKey, data }: { invitationKey: string; data: InvitationData }) {
  const { pathname } = useLocation();
  const signedIn = useSessionStatus() !== 'ended';
  const [created, setCreated] = useState<string | null>(null);
  const { invitation, accountExists } = data;

  if (created !== null) {
    // The new account works in the organisation already: after logging in, its team is the first thing seen.
    const afterLogin: LoginRedirectState = { from: PATHS.team };
    return (
      <>
        <StatusIcon kind="success" />
        <PageTitle size="h3" focus>
          {created}
        </PageTitle>
        <Text>
          Log in with {invitation.email} to start working in {invitation.organisationName}.
        </Text>
        <AccountLinks>
          <Anchor component={Link} to={PATHS.login} state={afterLogin}>
            Account Login
          </Anchor>
        </AccountLinks>
      </>
    );
  }

  const heading = (
    <>
      <PageTitle size="h3">{invitationTitle(invitation)}</PageTitle>
      <Text mb="lg">
        The invitation is for {invitation.email} and can be used until {formatDay(invitation.expiresAt)}.
      </Text>
    </>
  );

  if (signedIn) {
    return (
      <>
        {heading}
        <AcceptInvitation invitationKey={invitationKey} />
      </>
    );
  }

  if (accountExists) {
    // The login screen brings the user back here afterwards, to accept.
    const comeBack: LoginRedirectState = { from: pathname };
    return (
      <>
        {heading}
        <Text mb="md">This address has an account: log in with it, then accept the invitation.</Text>
        <Button component={Link} to={PATHS.login} state={comeBack} fullWidth>
          Log in to accept
        </Button>
      </>
    );
  }

  return (
    <>
      {heading}
      <Text mb="md">Create your account to accept it.</Text>
      <InvitationSignUpForm invitationKey={invitationKey} invitation={invitation} onCreated={setCreated} />
    </>
  );
}

/**
 * /invitation/{key} (decision 17; public): the link of an invitation e-mail. Says who invites the holder
 * to which organisation and with which role, then lets them accept it (signed in), log in to accept it
 * (their address has an account), or create the invited account. A link that is no longer valid shows the
 * server's reason.
 */
export function InvitationPage() {
  const { key = '' } = useParams();
  const query = useQuery(invitationQuery(key));
  useNotifiedError(query.error);

  if (query.isPending) {
    return (
      <AccountCard centered>
        <Center mb="md" role="status">
          <Loader aria-label="Opening the invitation" />
        </Center>
        <PageTitle size="h2">Opening the invitation...</PageTitle>
        <Text>Please wait while we check the link</Text>
      </AccountCard>
    );
  }

  if (query.isError || !query.data.data) {
    return (
      <AccountCard centered>
        <StatusIcon kind="error" />
        <PageTitle size="h3" focus>
          {query.isError ? errorText(query.error) : 'This invitation is not valid.'}
        </PageTitle>
        <LoginAndRegisterLinks />
      </AccountCard>
    );
  }

  return (
    <AccountCard>
      <NextStep invitationKey={key} data={query.data.data} />
    </AccountCard>
  );
}
