import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { TopBar } from '../../../app/TopBar';
import { queryClient } from '../../../lib/query-client';
import { tokenStore } from '../../../lib/session/token-store';
import { apiUser, mockApi } from '../../../test/api-mock';
import { jwtExpiringIn } from '../../../test/fake-jwt';
import { renderRoutes } from '../../../test/render';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [
  {
    path: '/',
    element: (
      <>
        <TopBar />
        <Outlet />
      </>
    ),
    children: [
      { index: true, element: <p>Home page</p> },
      { path: 'hadith', element: <p>Hadith page</p> },
      { path: 'profile', element: <p>Profile page</p> },
      { path: 'feature', element: <p>Calendar page</p> },
    ],
  },
];
const tokens = { access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) };
const profile = { message: 'Profile Retrieved', data: { user: apiUser(), events: [], roles: [] } };

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the top bar', () => {
  it('is the plain bar, with no call, when no token is stored', () => {
    const calls = mockApi({});
    renderRoutes(routes, '/hadith');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('becomes the signed-in bar once the profile is loaded', async () => {
    tokenStore.save(tokens);
    const calls = mockApi({ 'GET /api/user/profile': profile });
    renderRoutes(routes, '/hadith');
    // The avatar's initials are decorative: the button is called by the user's name.
    const profileButton = await screen.findByRole('button', { name: 'Amina Benali' });
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${tokens.access_token}`);

    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Hadith' }).getAttribute('href')).toBe('/hadith');
    const tools = within(nav).getByRole('button', { name: 'Outils' });
    expect(tools.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(tools);
    expect(tools.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((a) => ['/feature', '/classes', '/files'].includes(a.getAttribute('href') ?? ''))
        .map((a) => a.textContent),
    ).toEqual(['Calendrier', 'Mes classes', 'Mes Fichiers']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tools.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(profileButton);
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('logs out: the server is told, the tokens and answers go, home opens with the notice', async () => {
    tokenStore.save(tokens);
    const calls = mockApi({
      'GET /api/user/profile': profile,
      'POST /api/user/logout': { message: "You've been successfully logged out" },
    });
    const router = renderRoutes(routes, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: /Amina Benali/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/logout')).toBe(true));
    const logout = calls.find((c) => c.url === '/api/user/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.Authorization).toBe(`Bearer ${tokens.refresh_token}`);
    expect(tokenStore.accessToken()).toBeNull();
    expect(tokenStore.refreshToken()).toBeNull();
    expect(queryClient.getQueryData(['api', '/api/user/profile'])).toBeUndefined();
    expect(notify).toHaveBeenCalledWith('success', "You've been successfully logged out");
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });

  it('logs out even when the server cannot be told', async () => {
    tokenStore.save(tokens);
    mockApi({
      'GET /api/user/profile': profile,
      'POST /api/user/logout': { status: 503, reason: 'The service is temporarily unavailable.' },
    });
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: /Amina Benali/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', "You've been successfully logged out"),
    );
    expect(notify).toHaveBeenCalledTimes(1);
    expect(tokenStore.accessToken()).toBeNull();
  });

  it('goes back to the plain bar, quietly, when the session has ended on the server', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(-5), refresh_token: jwtExpiringIn(86400) });
    const calls = mockApi({
      'GET /api/user/profile': {
        status: 401,
        reason: 'Your session has expired. Please refresh your token.',
      },
      'GET /api/user/refresh/token': {
        status: 401,
        reason: 'This session is no longer valid. Please log in again.',
      },
    });
    const router = renderRoutes(routes, '/hadith');
    await waitFor(() => expect(tokenStore.refreshToken()).toBeNull());
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/hadith');
    expect(notify).not.toHaveBeenCalled();
    expect(calls.map((c) => c.url)).toEqual(['/api/user/profile', '/api/user/refresh/token']);
  });

  it('forgets tokens that have both expired without asking the server', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(-5), refresh_token: jwtExpiringIn(-5) });
    const calls = mockApi({});
    renderRoutes(routes, '/hadith');
    await waitFor(() => expect(tokenStore.accessToken()).toBeNull());
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });
});
