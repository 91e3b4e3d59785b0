import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { RegisterRequestSchema } from '@app/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { register } from '../accounts-api';
import { AccountCard, AccountLinks } from '../components/AccountCard';
import { ErrorBanner } from '../../../components/FormBanners';
import { StatusIcon } from '../components/StatusIcon';
import '../components/account-styles';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import { NewPasswordInput } from '../components/NewPasswordInput';
import { PATHS } from '../../../lib/paths';

const EMPTY = { firstName: '', lastName: '', email: '', password: '' };

/**
 * /register (SPEC §2.2, §4): the form, then the server's message and the reminder to confirm the e-mail.
 * 'Create another account' comes back to an empty form.
 */
export function RegisterPage() {
  const form = useForm(RegisterRequestSchema, EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const [returned, setReturned] = useState(false);
  const { submit, busy, report, ready } = useFormSubmit(form.valid, async () => {
    const { firstName, lastName, email, password } = form.values;
    const answer = await register({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      email: email.trim(),
      password,
    });
    form.reset();
    setCreated(answer.message);
  });

  if (created !== null) {
    return (
      <AccountCard centered>
        <StatusIcon kind="success" />
        <PageTitle size="h3" focus>
          {created}
        </PageTitle>
        <Text>Please access your email and confirm your account.</Text>
        <AccountLinks>
          <Anchor component={Link} to={PATHS.login}>
            Account Login
          </Anchor>
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              setCreated(null);
              setReturned(true);
              ready();
            }}
          >
            Create another account
          </Anchor>
        </AccountLinks>
      </AccountCard>
    );
  }

  return (
    <AccountCard>
      <PageTitle size="h2" focus={returned}>
        Create an Account
      </PageTitle>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Stack>
          <TextInput label="First Name" autoComplete="given-name" required {...form.field('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" required {...form.field('lastName')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
          <NewPasswordInput label="Password" {...form.field('password')} />
          <Button type="submit" disabled={!form.valid || !form.edited || busy} fullWidth>
            {busy ? 'Saving...' : 'Create Account'}
          </Button>
        </Stack>
      </form>
      <AccountLinks>
        <Anchor component={Link} to={PATHS.login}>
          Account Login
        </Anchor>
      </AccountLinks>
    </AccountCard>
  );
}
