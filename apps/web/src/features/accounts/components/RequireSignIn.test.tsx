import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { queryClient } from '../../../lib/query-client';
import { tokenStore } from '../../../lib/session/token-store';
import { apiUser, mockApi } from '../../../test/api-mock';
import { jwtExpiringIn } from '../../../test/fake-jwt';
import { renderRoutes } from '../../../test/render';
import { RequireSignIn } from './RequireSignIn';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [
  {
    path: '/',
    element: <Outlet />,
    children: [
      { path: 'login', element: <p>Login page</p> },
      {
        element: <RequireSignIn />,
        children: [
          { path: 'customers/:id', element: <p>Customer page</p> },
          { path: 'home', element: <p>Dashboard</p> },
        ],
      },
    ],
  },
];

beforeEach(() => {
  vi.mocked(notify).mockClear();
  localStorage.clear();
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('RequireSignIn (SPEC §6)', () => {
  it('sends a signed-out user to /login, remembering where they were going', async () => {
    const calls = mockApi({});
    const router = renderRoutes(routes, '/customers/12?tab=invoices');
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.login));
    expect(router.state.location.state).toEqual({ from: '/customers/12?tab=invoices' });
    expect(calls).toHaveLength(0);
  });

  it('shows the page to an authenticated user', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(86400) });
    renderRoutes(routes, PATHS.dashboard);
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });

  it('resumes a session whose access token expired with one refresh', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(-60), refresh_token: jwtExpiringIn(86400) });
    const fresh = { access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) };
    const calls = mockApi({
      'GET /api/user/refresh/token': { message: 'Token refreshed', data: { user: apiUser(), ...fresh } },
    });
    renderRoutes(routes, PATHS.dashboard);
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/user/refresh/token']);
    expect(tokenStore.accessToken()).toBe(fresh.access_token);
  });

  it('sends the user to /login when the session cannot be resumed', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(-60), refresh_token: jwtExpiringIn(86400) });
    mockApi({
      'GET /api/user/refresh/token': {
        status: 401,
        reason: 'This session is no longer valid. Please log in again.',
      },
    });
    const router = renderRoutes(routes, PATHS.dashboard);
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.login));
    expect(router.state.location.state).toEqual({ from: PATHS.dashboard });
    expect(tokenStore.refreshToken()).toBeNull();
    expect(notify).toHaveBeenCalledWith('error', 'This session is no longer valid. Please log in again.');
  });

  it('sends the user to /login without a call when both tokens expired', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(-60), refresh_token: jwtExpiringIn(-1) });
    const calls = mockApi({});
    const router = renderRoutes(routes, PATHS.dashboard);
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.login));
    expect(calls).toHaveLength(0);
  });
});
