import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { VerifyPage } from './VerifyPage';
import { PATHS } from '../../../lib/paths';
import { typeIn } from '../../../test/type-in';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [
  { path: '/user/verify/account/:key', element: <VerifyPage /> },
  { path: '/user/verify/password/:key', element: <VerifyPage /> },
];
const KEY = 'k'.repeat(32);

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('VerifyPage', () => {
  it('shows Verifying... then Verified! with the message for an account link', async () => {
    mockApi({
      [`GET /api/user/verify/account/${KEY}`]: async () => {
        await new Promise((r) => setTimeout(r, 30));
        return { message: 'Account verified' };
      },
    });
    renderRoutes(routes, `/user/verify/account/${KEY}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying...' })).toBeTruthy();
    expect(screen.getByText('Please wait while we verify the information')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verified!' })).toBeTruthy();
    expect(screen.getByText('Account verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Login' }).getAttribute('href')).toBe(PATHS.login);
    expect(screen.getByRole('link', { name: 'Create an Account' }).getAttribute('href')).toBe(PATHS.register);
  });

  it('shows the error text with a red icon, and notifies it', async () => {
    mockApi({ [`GET /api/user/verify/account/${KEY}`]: { status: 400, reason: 'This link is not valid.' } });
    renderRoutes(routes, `/user/verify/account/${KEY}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link is not valid.' });
    expect(document.querySelector('svg[data-status="error"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'This link is not valid.'));
  });

  it('asks for the new password of a reset link, sends it with the key, then says Success', async () => {
    const calls = mockApi({
      [`GET /api/user/verify/password/${KEY}`]: {
        message: 'Please enter a new password',
        data: { user: apiUser({ id: 42 }) },
      },
      'PUT /api/user/new/password': { message: 'Password reset successfully' },
    });
    renderRoutes(routes, `/user/verify/password/${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter New Password' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Update Password' });
    expect(button.hasAttribute('disabled')).toBe(true);
    typeIn(/^New Password/, 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    typeIn(/^New Password/, 'a-new-password');
    typeIn(/^Confirm New Password/, 'a-new-password');
    fireEvent.click(button);

    expect(await screen.findByRole('heading', { level: 1, name: 'Success' })).toBeTruthy();
    expect(screen.getByText('Password reset successfully')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      userId: 42,
      password: 'a-new-password',
      confirmPassword: 'a-new-password',
      key: KEY,
    });
    // The verify answer is not fetched again after the write (the key is used up).
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it("shows the server's refusal of the new password on the form", async () => {
    mockApi({
      [`GET /api/user/verify/password/${KEY}`]: {
        message: 'Please enter a new password',
        data: { user: apiUser({ id: 42 }) },
      },
      'PUT /api/user/new/password': { status: 400, reason: "Passwords don't match. Please try again." },
    });
    renderRoutes(routes, `/user/verify/password/${KEY}`);
    await screen.findByRole('heading', { name: 'Enter New Password' });
    typeIn(/^New Password/, 'a-new-password');
    typeIn(/^Confirm New Password/, 'another-password');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Passwords don't match. Please try again.",
    );
    expect(notify).toHaveBeenCalledWith('error', "Passwords don't match. Please try again.");
  });
});
