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
const { notify } = await import('../../../lib/notify');

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: PATHS.dashboard, element: <p>Dashboard</p> },
  { path: '/customers/:id', element: <p>Customer page</p> },
  { path: PATHS.login, element: <LoginPage /> },
  { path: PATHS.register, element: <p>Register page</p> },
];
const tokens = { access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) };

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  vi.mocked(notify).mockClear();
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

describe('LoginPage', () => {
  it('keeps Log in disabled until both fields are filled, then signs in and goes to /', async () => {
    const calls = mockApi({
      'POST /api/user/login': async () => {
        await new Promise((r) => setTimeout(r, 30));
        return { message: 'Login Success', data: { user: apiUser(), ...tokens } };
      },
    });
    const router = renderRoutes(routes, PATHS.login);
    expect(screen.getByRole('heading', { level: 1, name: 'Account Login' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button.hasAttribute('disabled')).toBe(true);

    typeIn(/^Email/, 'amina@');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    typeIn(/^Email/, ' amina@example.com ');
    expect(button.hasAttribute('disabled')).toBe(true);
    typeIn(/^Password/, 'a-password');
    expect(button.hasAttribute('disabled')).toBe(false);

    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]?.body).toEqual({ email: 'amina@example.com', password: 'a-password' });
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
    expect(tokenStore.accessToken()).toBe(tokens.access_token);
    expect(tokenStore.refreshToken()).toBe(tokens.refresh_token);
  });

  it('goes back to the guarded page the user was sent away from', async () => {
    mockApi({ 'POST /api/user/login': { message: 'Login Success', data: { user: apiUser(), ...tokens } } });
    const router = renderRoutes(routes, PATHS.login, { from: '/customers/12' });
    typeIn(/^Email/, 'amina@example.com');
    typeIn(/^Password/, 'a-password');
    await submitWhenValid('Log in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/12'));
  });

  it('shows a failed login in a dismissible red banner and as a notification', async () => {
    mockApi({ 'POST /api/user/login': { status: 401, reason: 'Incorrect email or password' } });
    renderRoutes(routes, PATHS.login);
    typeIn(/^Email/, 'amina@example.com');
    typeIn(/^Password/, 'wrong');
    await submitWhenValid('Log in');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Incorrect email or password');
    expect(notify).toHaveBeenCalledWith('error', 'Incorrect email or password');
    expect(tokenStore.accessToken()).toBeNull();
    // The form is usable again, and the banner goes when dismissed.
    expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('asks for the SMS code when the account uses MFA, then signs in with it', async () => {
    const calls = mockApi({
      'POST /api/user/login': {
        message: 'Verification Code Sent',
        data: { user: apiUser({ usingMfa: true, phone: '+33 6 12 34 56 78' }) },
      },
      'GET /api/user/verify/code/amina%40example.com/123456': {
        message: 'Login Success',
        data: { user: apiUser(), ...tokens },
      },
    });
    const router = renderRoutes(routes, PATHS.login);
    typeIn(/^Email/, 'amina@example.com');
    typeIn(/^Password/, 'a-password');
    await submitWhenValid('Log in');

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Verification Code Sent To ...5678',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Please access your SMS and enter the code.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(PATHS.register);
    expect(tokenStore.accessToken()).toBeNull();

    typeIn(/^Verification Code/, '123456');
    await submitWhenValid('Verify Code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[1]?.headers).not.toHaveProperty('Authorization');
    expect(tokenStore.accessToken()).toBe(tokens.access_token);
  });

  it('stays on the code view with the message when the code is wrong; Account Login goes back', async () => {
    mockApi({
      'POST /api/user/login': {
        message: 'Verification Code Sent',
        data: { user: apiUser({ usingMfa: true, phone: '0612345678' }) },
      },
      'GET /api/user/verify/code/amina%40example.com/000000': {
        status: 400,
        reason: 'Code is invalid. Please try again.',
      },
    });
    renderRoutes(routes, PATHS.login);
    typeIn(/^Email/, 'amina@example.com');
    typeIn(/^Password/, 'a-password');
    await submitWhenValid('Log in');
    await screen.findByRole('heading', { name: 'Verification Code Sent To ...5678' });

    typeIn(/^Verification Code/, '12');
    expect(await screen.findByText('The code has 6 digits')).toBeTruthy();
    typeIn(/^Verification Code/, '000000');
    await submitWhenValid('Verify Code');
    expect((await screen.findByRole('alert')).textContent).toContain('Code is invalid. Please try again.');
    expect(notify).toHaveBeenCalledWith('error', 'Code is invalid. Please try again.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verification Code Sent To ...5678');

    fireEvent.click(screen.getByRole('button', { name: 'Account Login' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Account Login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('amina@example.com');
  });

  it('sends a signed-in user to /home', async () => {
    tokenStore.save(tokens);
    const router = renderRoutes(routes, PATHS.login);
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.dashboard));
  });

  it('shows the form to a user whose token expired', () => {
    tokenStore.save({ access_token: jwtExpiringIn(-1), refresh_token: jwtExpiringIn(3600) });
    renderRoutes(routes, PATHS.login);
    expect(screen.getByRole('heading', { name: 'Account Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      PATHS.resetPassword,
    );
    expect(screen.getByRole('link', { name: 'Create an Account' }).getAttribute('href')).toBe(PATHS.register);
  });
});
