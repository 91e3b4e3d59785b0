import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { VerifyEmailPage } from './VerifyEmailPage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: '/user/verify/email/:key', element: <VerifyEmailPage /> }];
const KEY = 'k'.repeat(43);
const CALL = `GET /api/user/verify/email/${KEY}`;

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('confirms the new address with the key of the link, then says so with the ways on', async () => {
    const calls = mockApi({
      [CALL]: async () => {
        await new Promise((r) => setTimeout(r, 30));
        return { message: 'Email address confirmed' };
      },
    });
    renderRoutes(routes, `/user/verify/email/${KEY}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeTruthy();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Email address confirmed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.querySelector('svg[data-status="success"]')).not.toBeNull();
    expect(screen.getByText('Your account now uses this address: log in with it from now on.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Login' }).getAttribute('href')).toBe(PATHS.login);
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe(PATHS.profile);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([CALL]);
  });

  it("shows the server's refusal with a red icon, and notifies it", async () => {
    const reason = 'This link is not valid, has expired or was already used.';
    mockApi({ [CALL]: { status: 400, reason } });
    renderRoutes(routes, `/user/verify/email/${KEY}`);
    const heading = await screen.findByRole('heading', { level: 1, name: reason });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.querySelector('svg[data-status="error"]')).not.toBeNull();
    expect(screen.getByText('Your account keeps its former e-mail address.')).toBeTruthy();
    expect(screen.queryByText('Email address confirmed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Account Login' }).getAttribute('href')).toBe(PATHS.login);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', reason));
  });
});
