import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { LoginFactor } from '@app/contracts';
import { Link } from 'react-router';
import type { StoredTokens } from '../../../lib/session/token-store';
import { PageTitle } from '../../../components/PageTitle';
import { useHydrated } from '../../../lib/use-hydrated';
import { logIn } from '../accounts-api';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import { useLazySchema } from '../../../lib/use-lazy-schema';
import { AccountLinks } from './AccountCard';
import { ErrorBanner } from '../../../components/FormBanners';
import './account-styles';
import { PATHS } from '../../../lib/paths';

type Props = {
  /** The e-mail typed before, when coming back from the code view. */
  initialEmail: string;
  /** True when this view replaces the code view (focus goes to its heading). */
  focusHeading: boolean;
  onSignedIn: (tokens: StoredTokens) => void;
  /** The password was right; the login's second step asks for `factor`'s code. */
  onCodeSent: (email: string, phone: string, factor: LoginFactor) => void;
};

// The validation library comes when the visitor first uses the form: /login is prerendered and stays light.
const loadSchema = () => import('../login-form-schemas').then((schemas) => schemas.LoginRequestSchema);

/** The first view of /login (SPEC §2.2): e-mail and password. */
export function CredentialsForm({ initialEmail, focusHeading, onSignedIn, onCodeSent }: Props) {
  const lazy = useLazySchema(loadSchema);
  const form = useForm(lazy.schema, { email: initialEmail, password: '' });
  // On the prerendered /login, the fields are read-only until the app has taken over (it starts when the
  // visitor first taps or focuses one): they can be focused, and a key pressed before then is not taken at all
  // rather than shown and then dropped.
  const hydrated = useHydrated();

  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    const email = form.values.email.trim();
    const { data } = await logIn({ email, password: form.values.password });
    if (data?.access_token && data.refresh_token) {
      onSignedIn({ access_token: data.access_token, refresh_token: data.refresh_token });
    } else if (data?.factor === 'TOTP') {
      // The authenticator app is asked for whether or not the SMS code is on too.
      onCodeSent(email, data.user.phone ?? '', 'TOTP');
    } else if (data?.user.usingMfa) {
      // SPEC §4: the e-mail is kept for the code check.
      onCodeSent(email, data.user.phone ?? '', 'SMS');
    } else {
      throw new Error('An error occurred. Please try again.');
    }
  });

  return (
    <>
      <PageTitle size="h2" focus={focusHeading}>
        Account Login
      </PageTitle>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} onFocus={lazy.load} onChange={lazy.load} aria-busy={busy}>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            readOnly={!hydrated}
            {...form.field('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            readOnly={!hydrated}
            {...form.field('password')}
          />
          <Button type="submit" disabled={!form.valid || !form.edited || busy} fullWidth>
            {busy ? 'Loading...' : 'Log in'}
          </Button>
        </Stack>
      </form>
      <AccountLinks>
        <Anchor component={Link} to={PATHS.register}>
          Create an Account
        </Anchor>
        <Anchor component={Link} to={PATHS.resetPassword}>
          Forgot password?
        </Anchor>
      </AccountLinks>
    </>
  );
}
