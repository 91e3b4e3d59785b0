import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { tokenStore } from '../../../lib/session/token-store';
import { apiUser, mockApi } from '../../../test/api-mock';
import { jwtExpiringIn } from '../../../test/fake-jwt';
import { renderRoutes } from '../../../test/render';
import { LoginPage } from './LoginPage';
import { PATHS } from '../../../lib/paths';
import { typeIn } from '../../../test/type-in';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: PATHS.login, element: <LoginPage /> },
  { path: PATHS.register, element: <p>Register page</p> },
];
const tokens = { access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) };
const APP_HEADING = 'Enter the 6-digit code from your authenticator app';
const APP_TEXT = 'Or, if you no longer have the app, one of your recovery codes.';
const SMS_TEXT = 'Please access your SMS and enter the code.';
const RECOVERY_CODE = 'abcdef-gh23ij-klmn4p-qrstuv';

async function logInAs(answer: { message: string; data: unknown }, verify: Record<string, unknown> = {}) {
  const calls = mockApi({ 'POST /api/user/login': answer, ...verify });
  const router = renderRoutes(routes, PATHS.login);
  typeIn(/^Email/, 'amina@example.com');
  typeIn(/^Password/, 'a-password');
  await submitWhenValid('Log in');
  return { calls, router };
}

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Clicks the form's submit once it is enabled: the login's schema arrives when the form is first used
 * (use-lazy-schema.ts), a moment after the first keystroke.
 */
async function submitWhenValid(name: string) {
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

describe("the login's second view, by factor", () => {
  it('asks for the authenticator app code (or a recovery code) when the login answers factor TOTP', async () => {
    const { calls, router } = await logInAs(
      {
        message: 'Authenticator Code Required',
        // The SMS factor may be on too: the app is what the server asks for.
        data: { user: apiUser({ usingMfa: true, phone: '+33 6 12 34 56 78' }), factor: 'TOTP' },
      },
      {
        [`GET /api/user/verify/code/amina%40example.com/${RECOVERY_CODE}`]: {
          message: 'Login Success',
          data: { user: apiUser(), ...tokens },
        },
      },
    );

    const heading = await screen.findByRole('heading', { level: 1, name: APP_HEADING });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(APP_TEXT)).toBeTruthy();
    expect(screen.queryByText(SMS_TEXT)).toBeNull();
    expect(screen.queryByText(/Verification Code Sent/)).toBeNull();

    typeIn(/^Verification Code/, 'abcd');
    expect(await screen.findByText('Enter the 6-digit code, or a recovery code')).toBeTruthy();
    typeIn(/^Verification Code/, RECOVERY_CODE);
    await submitWhenValid('Verify Code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.map((c) => c.url)).toContain(`/api/user/verify/code/amina%40example.com/${RECOVERY_CODE}`);
    expect(tokenStore.accessToken()).toBe(tokens.access_token);
  });

  it("keeps the seed's SMS view when the login answers without a factor", async () => {
    await logInAs({
      message: 'Verification Code Sent',
      data: { user: apiUser({ usingMfa: true, phone: '+33 6 12 34 56 78' }) },
    });

    await screen.findByRole('heading', { level: 1, name: 'Verification Code Sent To ...5678' });
    expect(screen.getByText(SMS_TEXT)).toBeTruthy();
    expect(screen.queryByText(APP_TEXT)).toBeNull();
    expect(screen.queryByText(APP_HEADING)).toBeNull();
    // The SMS code is 6 digits: a recovery code is not one.
    typeIn(/^Verification Code/, RECOVERY_CODE);
    expect(await screen.findByText('The code has 6 digits')).toBeTruthy();
  });
});
