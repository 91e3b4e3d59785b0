import { useMemo, useState } from 'react';
import type { LoginFactor } from '@app/contracts';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isAuthenticated } from '../../../lib/session/token-claims';
import { tokenStore, type StoredTokens } from '../../../lib/session/token-store';
import { useHydrated } from '../../../lib/use-hydrated';
import { returnPathOf } from '../account-paths';
import { AccountCard } from '../components/AccountCard';
import { CodeForm } from '../components/CodeForm';
import { CredentialsForm } from '../components/CredentialsForm';
import { PATHS } from '../../../lib/paths';

type View =
  | { kind: 'credentials'; email: string; returned: boolean }
  | { kind: 'code'; email: string; phone: string; factor: LoginFactor };

/**
 * /login (SPEC §2.2, §4): e-mail and password, then the SMS code when the account uses MFA (or the code of
 * its authenticator app, which is asked for instead when it is set up). Once signed
 * in, back to the page the guard sent the user away from, otherwise '/'.
 */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // The page is prerendered for a visitor: what this browser stores is read once the app has taken over.
  const hydrated = useHydrated();
  // Decided on opening only: the tokens stored by this screen's own login must not send the user to /home.
  const signedInOnOpen = useMemo(() => hydrated && isAuthenticated(tokenStore.accessToken()), [hydrated]);
  const [view, setView] = useState<View>({ kind: 'credentials', email: '', returned: false });

  if (signedInOnOpen) return <Navigate to={PATHS.dashboard} replace />;

  const signIn = (tokens: StoredTokens) => {
    tokenStore.save(tokens);
    void navigate(returnPathOf(location.state), { replace: true });
  };

  return (
    <AccountCard>
      {view.kind === 'credentials' ? (
        <CredentialsForm
          initialEmail={view.email}
          focusHeading={view.returned}
          onSignedIn={signIn}
          onCodeSent={(email, phone, factor) => setView({ kind: 'code', email, phone, factor })}
        />
      ) : (
        <CodeForm
          email={view.email}
          phone={view.phone}
          factor={view.factor}
          onSignedIn={signIn}
          onBack={() => setView({ kind: 'credentials', email: view.email, returned: true })}
        />
      )}
    </AccountCard>
  );
}
