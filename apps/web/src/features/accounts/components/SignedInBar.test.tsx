import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { TopBar } from '../../../app/TopBar';
import { queryClient } from '../../../lib/query-client';
import { takeCarriedNotice } from '../../../lib/carried-notice';
import { tokenStore } from '../../../lib/session/token-store';
import { mockApi } from '../../../test/api-mock';
import { jwtExpiringIn } from '../../../test/fake-jwt';
import { profileAnswer } from '../../../test/own-profile';
import { renderRoutes } from '../../../test/render';
import { PATHS } from '../../../lib/paths';

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
      { path: 'home', element: <p>Dashboard page</p> },
    ],
  },
];
const tokens = { access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) };
const ATELIER = { id: 9, name: 'Atelier Lumière', roleName: 'ROLE_SYSADMIN' as const };
const profile = profileAnswer('ROLE_USER', { others: [ATELIER] });

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
        .filter((a) =>
          ([PATHS.calendar, PATHS.classes, PATHS.files] as string[]).includes(a.getAttribute('href') ?? ''),
        )
        .map((a) => a.textContent),
    ).toEqual(['Calendrier', 'Mes classes', 'Mes Fichiers']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tools.getAttribute('aria-expanded')).toBe('false');

    // The business area, in its own menu.
    const business = within(nav).getByRole('button', { name: 'Business' });
    fireEvent.click(business);
    expect(
      ['Dashboard', 'Customers', 'Invoices'].map((name) =>
        within(nav).getByRole('link', { name }).getAttribute('href'),
      ),
    ).toEqual([PATHS.dashboard, PATHS.customers, PATHS.invoices]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(business.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(profileButton);
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(PATHS.profile);
    expect(screen.getByRole('link', { name: 'Team' }).getAttribute('href')).toBe(PATHS.team);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    // The user's organisations, the current one marked.
    const organisations = screen.getByRole('list', { name: 'Organisations' });
    const entries = within(organisations).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Coran-Hadith, Inc.User',
      'Atelier LumièreOwner',
    ]);
    expect(entries.map((entry) => entry.getAttribute('aria-current'))).toEqual(['true', null]);
  });

  it('switches to another organisation: the server is told, the dashboard opens on its data', async () => {
    tokenStore.save(tokens);
    const switched = profileAnswer('ROLE_SYSADMIN', {
      organisation: ATELIER,
      others: [{ id: 1, name: 'Coran-Hadith, Inc.', roleName: 'ROLE_USER' }],
    });
    // The server now answers the profile of the organisation switched to.
    let answered: typeof profile = profile;
    const calls = mockApi({
      'GET /api/user/profile': () => answered,
      'PUT /api/organisation/current/9': () => {
        answered = switched;
        return { ...switched, message: 'Organisation switched' };
      },
    });
    const router = renderRoutes(routes, '/hadith');
    fireEvent.click(await screen.findByRole('button', { name: 'Amina Benali' }));
    fireEvent.click(screen.getByRole('button', { name: /^Atelier Lumière/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.dashboard));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/api/organisation/current/9',
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'Organisation switched');
    expect(
      queryClient.getQueryData<typeof switched>(['api', '/api/user/profile'])?.data.organisation.name,
    ).toBe('Atelier Lumière');
    // Choosing the current organisation again asks the server nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Amina Benali' }));
    const current = screen.getByRole('button', { name: /^Atelier Lumière/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    fireEvent.click(current);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('shows the reason when the switch is refused, and stays', async () => {
    tokenStore.save(tokens);
    mockApi({
      'GET /api/user/profile': profile,
      'PUT /api/organisation/current/9': { status: 404, reason: 'No organisation with ID 9' },
    });
    const router = renderRoutes(routes, '/hadith');
    fireEvent.click(await screen.findByRole('button', { name: 'Amina Benali' }));
    fireEvent.click(screen.getByRole('button', { name: /^Atelier Lumière/ }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'No organisation with ID 9'));
    expect(router.state.location.pathname).toBe('/hadith');
  });

  it('logs out: the server is told, the tokens and answers go, home opens with the notice carried to it', async () => {
    tokenStore.save(tokens);
    const calls = mockApi({
      'GET /api/user/profile': profile,
      'POST /api/user/logout': { message: "You've been successfully logged out" },
    });
    const router = renderRoutes(routes, PATHS.profile);
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
    // Home is a page the server sends: the notification goes with it, once.
    expect(takeCarriedNotice()).toEqual({ kind: 'success', message: "You've been successfully logged out" });
    expect(takeCarriedNotice()).toBeNull();
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
    await waitFor(() => expect(tokenStore.accessToken()).toBeNull());
    expect(takeCarriedNotice()).toEqual({ kind: 'success', message: "You've been successfully logged out" });
    expect(notify).not.toHaveBeenCalled();
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
