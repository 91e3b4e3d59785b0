import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { setNewPassword } from '../accounts-api';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import { NewPasswordFormSchema } from '../form-schemas';
import { AccountLinks } from './AccountCard';
import { ErrorBanner } from '../../../components/FormBanners';
import { StatusIcon } from './StatusIcon';
import './account-styles';
import classes from './accounts.module.css';
import { NewPasswordInput } from './NewPasswordInput';
import { PATHS } from '../../../lib/paths';

type Props = {
  userId: number;
  /** The reset link's key: sent with the new password, as the proof that allows it (decision 0006). */
  resetKey: string;
  /** The verify call's message ('Please enter a new password'). */
  message: string;
};

/** SPEC §2.2: the reset link checked, the new password, then 'Success'. */
export function NewPasswordForm({ userId, resetKey, message }: Props) {
  const form = useForm(NewPasswordFormSchema, { password: '', confirmPassword: '' });
  const [done, setDone] = useState<string | null>(null);
  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    setDone((await setNewPassword({ userId, ...form.values, key: resetKey })).message);
  });

  if (done !== null) {
    return (
      <div className={classes.centered}>
        <StatusIcon kind="success" />
        <PageTitle size="h2" focus>
          Success
        </PageTitle>
        <Text>{done}</Text>
        <AccountLinks>
          <Anchor component={Link} to={PATHS.login}>
            Account Login
          </Anchor>
        </AccountLinks>
      </div>
    );
  }

  return (
    <>
      <PageTitle size="h2" focus>
        Enter New Password
      </PageTitle>
      <Text mb="md">{message}</Text>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Stack>
          <NewPasswordInput label="New Password" {...form.field('password')} />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <Button type="submit" disabled={!form.valid || !form.edited || busy} fullWidth>
            {busy ? 'Loading...' : 'Update Password'}
          </Button>
        </Stack>
      </form>
    </>
  );
}
