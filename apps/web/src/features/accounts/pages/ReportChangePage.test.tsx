import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { tokenStore } from '../../../lib/session/token-store';
import { mockApi } from '../../../test/api-mock';
import { jwtExpiringIn } from '../../../test/fake-jwt';
import { renderRoutes } from '../../../test/render';
import { ReportChangePage } from './ReportChangePage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: '/user/report/change/:key', element: <ReportChangePage /> }];
const KEY = 'r'.repeat(43);
const CALL = `POST /api/user/report/change/${KEY}`;
const LOCKED = 'Your account is locked and signed out everywhere. Reset your password to get back in.';
const BUTTON = "This wasn't me — lock my account";

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('ReportChangePage', () => {
  it('explains and sends nothing on opening; the button locks the account, then says how to get back in', async () => {
    const calls = mockApi({ [CALL]: { message: LOCKED } });
    // Whoever is signed in on this device, the link's call is public and carries no token.
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
    renderRoutes(routes, `/user/report/change/${KEY}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Someone changed your account?' })).toBeTruthy();
    expect(screen.getByText(/If you made this change, there is nothing to do/)).toBeTruthy();
    // A mail scanner that opens the link (and runs its script) locks nothing.
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    const heading = await screen.findByRole('heading', { level: 1, name: LOCKED });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([CALL]);
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      PATHS.resetPassword,
    );
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
  });

  it("shows the server's refusal in a red banner and a notification, and the button stays", async () => {
    const reason = 'This link is not valid or was already used.';
    mockApi({ [CALL]: { status: 400, reason } });
    renderRoutes(routes, `/user/report/change/${KEY}`);
    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect(notify).toHaveBeenCalledWith('error', reason);
    expect(screen.getByRole('button', { name: BUTTON }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Reset your password' })).toBeNull();
  });
});
