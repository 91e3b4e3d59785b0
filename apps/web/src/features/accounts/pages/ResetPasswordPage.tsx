import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { requestPasswordReset } from '../accounts-api';
import { AccountCard, LoginAndRegisterLinks } from '../components/AccountCard';
import { ErrorBanner } from '../../../components/FormBanners';
import { StatusIcon } from '../components/StatusIcon';
import '../components/account-styles';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import { ResetEmailFormSchema } from '../form-schemas';

/**
 * /resetpassword (SPEC §2.2): the e-mail that receives the reset link. The server answers the same whether
 * or not an account has that address (decision 0006), and so does this screen.
 */
export function ResetPasswordPage() {
  const form = useForm(ResetEmailFormSchema, { email: '' });
  const [sent, setSent] = useState<string | null>(null);
  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    setSent((await requestPasswordReset(form.values.email.trim())).message);
  });

  if (sent !== null) {
    return (
      <AccountCard centered>
        <StatusIcon kind="success" />
        <PageTitle size="h3" focus>
          {sent}
        </PageTitle>
        <LoginAndRegisterLinks />
      </AccountCard>
    );
  }

  return (
    <AccountCard>
      <PageTitle size="h2">Reset Password</PageTitle>
      <Text mb="md">
        Enter the e-mail address of your account: we will send you a link to choose a new password.
      </Text>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Stack>
          <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
          <Button type="submit" disabled={!form.valid || !form.edited || busy} fullWidth>
            {busy ? 'Loading...' : 'Reset Password'}
          </Button>
        </Stack>
      </form>
      <LoginAndRegisterLinks />
    </AccountCard>
  );
}
