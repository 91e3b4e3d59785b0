import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { useNotifiedError } from '../../../lib/use-notified-error';
import { verificationTypeOf } from '../account-paths';
import { verifyLinkQuery } from '../accounts-api';
import { AccountCard, AccountLinks, LoginAndRegisterLinks } from '../components/AccountCard';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { CheckingLinkCard, RefusedLinkCard } from '../components/LinkCheckCards';
import { StatusIcon } from '../components/StatusIcon';
import { PATHS } from '../../../lib/paths';

/**
 * /user/verify/account/{key} and /user/verify/password/{key} (SPEC §2.2): the link of an e-mail is
 * checked with the server, then the account is confirmed, or the new password is asked for.
 */
export function VerifyPage() {
  const { key = '' } = useParams();
  const { pathname } = useLocation();
  const type = verificationTypeOf(pathname);
  const verification = useQuery(verifyLinkQuery(type, key));

  // SPEC §8: every failed call of the account screens is also notified.
  useNotifiedError(verification.error);

  if (verification.isPending) {
    return <CheckingLinkCard waiting="Please wait while we verify the information" />;
  }

  if (verification.isError) {
    return (
      <RefusedLinkCard error={verification.error}>
        {type === 'password' ? (
          <AccountLinks>
            <Anchor component={Link} to={PATHS.resetPassword}>
              Reset Password
            </Anchor>
            <Anchor component={Link} to={PATHS.login}>
              Account Login
            </Anchor>
          </AccountLinks>
        ) : (
          <LoginAndRegisterLinks />
        )}
      </RefusedLinkCard>
    );
  }

  const { message, data } = verification.data;
  if (type === 'password') {
    return (
      <AccountCard>
        {data?.user ? (
          <NewPasswordForm userId={data.user.id} resetKey={key} message={message} />
        ) : (
          <>
            <StatusIcon kind="error" />
            <PageTitle size="h3" focus>
              This link is not valid.
            </PageTitle>
          </>
        )}
      </AccountCard>
    );
  }

  return (
    <AccountCard centered>
      <StatusIcon kind="success" />
      <PageTitle size="h2" focus>
        Verified!
      </PageTitle>
      <Text>{message}</Text>
      <LoginAndRegisterLinks />
    </AccountCard>
  );
}
