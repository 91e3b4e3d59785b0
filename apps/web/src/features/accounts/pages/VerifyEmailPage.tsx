import { useEffect } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { clearApiCache } from '../../../lib/http/cache-policy';
import { useNotifiedError } from '../../../lib/use-notified-error';
import { verifyEmailChangeQuery } from '../accounts-api';
import { AccountCard, AccountLinks } from '../components/AccountCard';
import { CheckingLinkCard, RefusedLinkCard } from '../components/LinkCheckCards';
import { StatusIcon } from '../components/StatusIcon';
import { PATHS } from '../../../lib/paths';

/** Where to go from the result: to log in, or (signed in) back to the profile. */
function NextLinks() {
  return (
    <AccountLinks>
      <Anchor component={Link} to={PATHS.login}>
        Account Login
      </Anchor>
      <Anchor component={Link} to={PATHS.profile}>
        My profile
      </Anchor>
    </AccountLinks>
  );
}

/**
 * /user/verify/email/{key}: the link e-mailed to a new address of an account. Opening it confirms the address
 * with the server, and only then does the account take it (the former address is told).
 */
export function VerifyEmailPage() {
  const { key = '' } = useParams();
  const verification = useQuery(verifyEmailChangeQuery(key));
  const client = useQueryClient();

  // SPEC §8: every failed call of the account screens is also notified.
  useNotifiedError(verification.error);
  const confirmed = verification.isSuccess;
  useEffect(() => {
    // A profile kept in this browser (the signed-in bar's) still has the former address.
    if (confirmed) clearApiCache(client);
  }, [confirmed, client]);

  if (verification.isPending) {
    return <CheckingLinkCard waiting="Please wait while we confirm your new e-mail address" />;
  }

  if (verification.isError) {
    return (
      <RefusedLinkCard error={verification.error}>
        <Text>Your account keeps its former e-mail address.</Text>
        <NextLinks />
      </RefusedLinkCard>
    );
  }

  return (
    <AccountCard centered>
      <StatusIcon kind="success" />
      <PageTitle size="h2" focus>
        {verification.data.message}
      </PageTitle>
      <Text>Your account now uses this address: log in with it from now on.</Text>
      <NextLinks />
    </AccountCard>
  );
}
