import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { LOGIN_CODE_MAX_LENGTH, MFA_CODE_LENGTH, type LoginFactor } from '@app/contracts';
import { Link } from 'react-router';
import type { StoredTokens } from '../../../lib/session/token-store';
import { PageTitle } from '../../../components/PageTitle';
import { verifyCode } from '../accounts-api';
import { lastFourDigits } from '../phone';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useForm } from '../../../lib/use-form';
import { useLazySchema } from '../../../lib/use-lazy-schema';
import { AccountLinks } from './AccountCard';
import { ErrorBanner } from '../../../components/FormBanners';
import './account-styles';
import { PATHS } from '../../../lib/paths';

// As in CredentialsForm: loaded when the form is first used (already there after the first view, in practice).
const loadSmsCodeSchema = () => import('../login-form-schemas').then((schemas) => schemas.SmsCodeFormSchema);
const loadAppOrRecoveryCodeSchema = () =>
  import('../login-form-schemas').then((schemas) => schemas.AppOrRecoveryCodeFormSchema);

type Props = {
  email: string;
  phone: string;
  /** SMS: the code sent to the phone (SPEC's view); TOTP: the authenticator app's code, or a recovery code. */
  factor: LoginFactor;
  onSignedIn: (tokens: StoredTokens) => void;
  /** 'Account Login': back to the first view. */
  onBack: () => void;
};

/**
 * The second view of /login when MFA is on (SPEC §2.2, §4): the code sent by SMS, or the code of the account's
 * authenticator app (which also takes one of its recovery codes).
 */
export function CodeForm({ email, phone, factor, onSignedIn, onBack }: Props) {
  const app = factor === 'TOTP';
  const lazy = useLazySchema(app ? loadAppOrRecoveryCodeSchema : loadSmsCodeSchema);
  const form = useForm(lazy.schema, { code: '' });
  // SPEC §4: an error stays on the code view with the message.
  const { submit, busy, report } = useFormSubmit(form.valid, async () => {
    const { data } = await verifyCode(email, form.values.code.trim());
    if (!data?.access_token || !data.refresh_token) throw new Error('An error occurred. Please try again.');
    onSignedIn({ access_token: data.access_token, refresh_token: data.refresh_token });
  });

  return (
    <>
      <PageTitle size="h3" focus>
        {app
          ? `Enter the ${MFA_CODE_LENGTH}-digit code from your authenticator app`
          : `Verification Code Sent To ...${lastFourDigits(phone)}`}
      </PageTitle>
      <Text mb="md">
        {app
          ? 'Or, if you no longer have the app, one of your recovery codes.'
          : 'Please access your SMS and enter the code.'}
      </Text>
      <ErrorBanner error={report.error} onClose={report.clear} />
      <form noValidate onSubmit={submit} onFocus={lazy.load} onChange={lazy.load} aria-busy={busy}>
        <Stack>
          <TextInput
            label="Verification Code"
            // A recovery code has letters and dashes: the app's view takes any text.
            inputMode={app ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={app ? LOGIN_CODE_MAX_LENGTH : MFA_CODE_LENGTH}
            required
            {...form.field('code')}
          />
          <Button type="submit" disabled={!form.valid || busy} fullWidth>
            {busy ? 'Loading...' : 'Verify Code'}
          </Button>
        </Stack>
      </form>
      <AccountLinks>
        <Anchor component="button" type="button" onClick={onBack}>
          Account Login
        </Anchor>
        <Anchor component={Link} to={PATHS.register}>
          Create an account
        </Anchor>
      </AccountLinks>
    </>
  );
}
