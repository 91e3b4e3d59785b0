import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { queryClient } from '../../../lib/query-client';
import { tokenStore } from '../../../lib/session/token-store';
import { apiUser, mockApi } from '../../../test/api-mock';
import { jwtExpiringIn } from '../../../test/fake-jwt';
import { profileAnswer } from '../../../test/own-profile';
import { renderRoutes } from '../../../test/render';
import { InvitationPage } from './InvitationPage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const KEY = 'k3yOfTheInvitation0123456789';
const URL = `/api/organisation/invitation/${KEY}`;

/** Where the page went, and the router state it left (the login screen's way back). */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page {JSON.stringify(location.state)}
    </p>
  );
}

const routes = [
  { path: '/invitation/:key', element: <InvitationPage /> },
  { path: PATHS.login, element: <Landing name="Login" /> },
  { path: PATHS.dashboard, element: <Landing name="Dashboard" /> },
];

const invitation = (accountExists: boolean) => ({
  message: 'Invitation retrieved',
  data: {
    invitation: {
      organisationName: 'Atelier Lumière',
      email: 'karim@example.com',
      roleName: 'ROLE_MANAGER',
      invitedBy: 'Amina Benali',
      expiresAt: '2026-12-02T10:00:00.000Z',
    },
    accountExists,
  },
});

const TITLE = 'Amina Benali invites you to join Atelier Lumière as Manager';

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('InvitationPage', () => {
  it('lets a signed-in user accept, then opens the dashboard of the organisation joined', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) });
    const joined = profileAnswer('ROLE_MANAGER', {
      organisation: { id: 9, name: 'Atelier Lumière' },
      user: { email: 'karim@example.com' },
    });
    const calls = mockApi({
      [`GET ${URL}`]: invitation(true),
      [`POST ${URL}/accept`]: { ...joined, message: 'Invitation accepted' },
    });
    const router = renderRoutes(routes, `/invitation/${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeTruthy();
    expect(screen.getByText(/The invitation is for karim@example\.com/)).toBeTruthy();
    // The link's own call is public: it carries no token.
    expect(calls[0]?.headers.Authorization).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.dashboard));
    const accept = calls.find((c) => c.method === 'POST');
    expect(accept?.url).toBe(`${URL}/accept`);
    expect(accept?.headers.Authorization).toMatch(/^Bearer /);
    expect(notify).toHaveBeenCalledWith('success', 'Invitation accepted');
    expect(
      queryClient.getQueryData<typeof joined>(['api', '/api/user/profile'])?.data.organisation.name,
    ).toBe('Atelier Lumière');
  });

  it("shows the server's reason when the signed-in account is not the invited one", async () => {
    tokenStore.save({ access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) });
    const reason = 'This invitation was sent to another e-mail address.';
    mockApi({
      [`GET ${URL}`]: invitation(true),
      [`POST ${URL}/accept`]: { status: 403, reason },
    });
    const router = renderRoutes(routes, `/invitation/${KEY}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect(notify).toHaveBeenCalledWith('error', reason);
    expect(router.state.location.pathname).toBe(`/invitation/${KEY}`);
  });

  it('asks a signed-out user whose address has an account to log in, and to come back here', async () => {
    mockApi({ [`GET ${URL}`]: invitation(true) });
    const router = renderRoutes(routes, `/invitation/${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Log in to accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.login));
    expect(router.state.location.state).toEqual({ from: `/invitation/${KEY}` });
  });

  it('lets a newcomer create the invited account, then log in', async () => {
    const calls = mockApi({
      [`GET ${URL}`]: invitation(false),
      [`POST ${URL}/signup`]: {
        status: 201,
        message: 'User account created for user Karim. You can log in now.',
        data: { user: apiUser({ firstName: 'Karim', email: 'karim@example.com' }) },
      },
    });
    const router = renderRoutes(routes, `/invitation/${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).readOnly).toBe(true);
    const create = screen.getByRole('button', { name: 'Create account and join' });
    expect(create.hasAttribute('disabled')).toBe(true);

    const type = (label: RegExp, value: string) => {
      const field = screen.getByLabelText(label);
      fireEvent.change(field, { target: { value } });
      fireEvent.blur(field);
    };
    type(/^First Name/, 'K');
    expect(screen.getByText('First name must be at least 2 characters')).toBeTruthy();
    type(/^First Name/, ' Karim ');
    type(/^Last Name/, 'Benali');
    type(/^Password/, 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    type(/^Password/, 'a-good-password');
    fireEvent.click(create);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'User account created for user Karim. You can log in now.',
      }),
    ).toBeTruthy();
    const signup = calls.find((c) => c.method === 'POST');
    expect(signup?.url).toBe(`${URL}/signup`);
    expect(signup?.body).toEqual({ firstName: 'Karim', lastName: 'Benali', password: 'a-good-password' });
    expect(signup?.headers.Authorization).toBeUndefined();
    expect(
      screen.getByText('Log in with karim@example.com to start working in Atelier Lumière.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Account Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.login));
    expect(router.state.location.state).toEqual({ from: PATHS.team });
  });

  it('shows why a link is not valid, with a red icon', async () => {
    const reason =
      'This invitation is not valid: it may have expired, been used or been withdrawn. Ask for a new one.';
    mockApi({ [`GET ${URL}`]: { status: 400, reason } });
    renderRoutes(routes, `/invitation/${KEY}`);
    const heading = await screen.findByRole('heading', { level: 1, name: reason });
    expect(heading.closest('[lang="en"]')?.querySelector('svg[data-status="error"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Login' }).getAttribute('href')).toBe(PATHS.login);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', reason));
  });
});
