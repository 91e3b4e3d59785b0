import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { reportChange } from '../accounts-api';
import { AccountCard, AccountLinks } from '../components/AccountCard';
import { ErrorBanner } from '../../../components/FormBanners';
import { StatusIcon } from '../components/StatusIcon';
import '../components/account-styles';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { PATHS } from '../../../lib/paths';

/**
 * /user/report/change/{key}: the link of the notice an account's address gets when its e-mail, phone, password
 * or two-step verification changes. Opening it changes nothing: mail scanners open links too. Only the button
 * sends the report (POST), which locks the account and ends its sessions; its owner then resets the password.
 */
export function ReportChangePage() {
  const { key = '' } = useParams();
  const [locked, setLocked] = useState<string | null>(null);
  const { submit, busy, report } = useFormSubmit(true, async () => {
    setLocked((await reportChange(key)).message);
  });

  if (locked !== null) {
    return (
      <AccountCard centered>
        <StatusIcon kind="success" />
        <PageTitle size="h3" focus>
          {locked}
        </PageTitle>
        <AccountLinks>
          <Anchor component={Link} to={PATHS.resetPassword}>
            Reset your password
          </Anchor>
        </AccountLinks>
      </AccountCard>
    );
  }

  return (
    <AccountCard>
      <PageTitle size="h2">Someone changed your account?</PageTitle>
      <Stack gap="sm" mb="lg">
        <Text>
          We sent you this link because the e-mail address, the phone number, the password or the two-step
          verification of your account has just changed.
        </Text>
        <Text>If you made this change, there is nothing to do: you can close this page.</Text>
        <Text>
          If you did not, lock your account now: it is signed out on every device at once, and you get back in
          by resetting your password with a link sent to your e-mail address.
        </Text>
      </Stack>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Button type="submit" color="red" disabled={busy} fullWidth>
          {busy ? 'Locking...' : "This wasn't me — lock my account"}
        </Button>
      </form>
    </AccountCard>
  );
}
