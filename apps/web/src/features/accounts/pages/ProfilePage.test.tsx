import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { profileServer } from '../profile-test-data';
import { ProfilePage } from './ProfilePage';
import { PATHS } from '../../../lib/paths';
import { typeIn } from '../../../test/type-in';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.profile, element: <ProfilePage /> }];

const valueOf = (label: string) => (screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement).value;

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage', () => {
  it('loads the profile, then shows the summary, the sections and the recent activity', async () => {
    profileServer({ user: { title: 'Teacher', phone: '+33 6 12 34 56 78', usingMfa: true } });
    renderRoutes(routes, PATHS.profile);
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(screen.getByLabelText('Loading your profile')).toBeTruthy();

    const summary = await screen.findByRole('region', { name: 'Amina Benali' });
    expect(within(summary).getByText('amina@example.com')).toBeTruthy();
    expect(within(summary).getByText('Teacher')).toBeTruthy();
    expect(within(summary).getByText('Role').nextElementSibling?.textContent).toBe('User');
    expect(
      within(summary).getByText('Member since').nextElementSibling?.querySelector('time')?.dateTime,
    ).toBe('2026-01-01T00:00:00.000Z');
    expect(within(summary).getByText('Two-step verification').nextElementSibling?.textContent).toBe(
      'On · …5678',
    );

    for (const name of [
      'Personal information',
      'Profile picture',
      'Two-step verification',
      'Password',
      'Sessions',
      'Recent activity',
    ]) {
      expect(screen.getByRole('region', { name }), name).toBeTruthy();
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Administration' })).toBeNull();

    const activity = within(screen.getByRole('region', { name: 'Recent activity' })).getByRole('table');
    const rows = within(activity).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Event', 'Device', 'IP address', 'Date']);
    expect(rows[1]?.textContent).toContain('You tried to log in and you failedFailed');
    expect(rows[1]?.textContent).toContain('Firefox - Linux');
    expect(rows[1]?.textContent).toContain('203.0.113.9');
    expect(rows[1]?.querySelector('time')?.dateTime).toBe('2026-03-12T13:05:00.000Z');
  });

  it('says so when there is no activity yet', async () => {
    profileServer({ events: [] });
    renderRoutes(routes, PATHS.profile);
    expect(await screen.findByText('No activity yet.')).toBeTruthy();
  });

  it('shows the error state and notifies it when the profile cannot be loaded', async () => {
    mockApi({ 'GET /api/user/profile': { status: 500, reason: 'An error occurred. Please try again.' } });
    renderRoutes(routes, PATHS.profile);
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
    expect(notify).toHaveBeenCalledWith('error', 'An error occurred. Please try again.');
    expect(notify).toHaveBeenCalledTimes(1);
  });
});

describe('the personal information form', () => {
  it("applies the server's rules before sending", async () => {
    profileServer();
    renderRoutes(routes, PATHS.profile);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    typeIn('First name', 'A');
    typeIn('Email', 'amina@');
    typeIn('Phone', 'call me');
    expect(screen.getByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(
      screen.getByText('Enter a phone number with digits only (spaces, dashes and + allowed)'),
    ).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('stays enabled for a ROLE_USER (their own profile), saves, and shows what the server kept', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = profileServer({ beforeWrite: () => held });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.getByLabelText(/^First name/).hasAttribute('disabled')).toBe(false);

    typeIn('First name', ' Amina ');
    typeIn('Last name', 'Benali-Haddad');
    typeIn('Phone', '+33 6 12 34 56 78');
    typeIn('Address', '   ');
    typeIn('Title', 'Teacher');
    typeIn('Bio', 'I teach Arabic.');
    // A new phone also needs the current password (the server's step-up).
    const details = screen.getByRole('region', { name: 'Personal information' });
    fireEvent.change(within(details).getByLabelText(/^Current password/), {
      target: { value: 'pass-word-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText(/^Last name/).closest('fieldset')?.disabled).toBe(true);
    release();

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'User updated'));
    const update = calls.find((c) => c.method === 'PATCH');
    expect(update?.body).toEqual({
      id: 7,
      firstName: 'Amina',
      lastName: 'Benali-Haddad',
      email: 'amina@example.com',
      phone: '+33 6 12 34 56 78',
      address: null,
      title: 'Teacher',
      bio: 'I teach Arabic.',
      currentPassword: 'pass-word-1',
    });
    await screen.findByRole('region', { name: 'Amina Benali-Haddad' });
    expect(valueOf('First name')).toBe('Amina');
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a refused save in a red dismissible banner and a notification', async () => {
    profileServer({
      handlers: {
        'PATCH /api/user/update': {
          status: 409,
          reason: 'Email already in use. Please use a different email and try again.',
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('button', { name: 'Save changes' });
    typeIn('Email', 'taken@example.com');
    const form = screen.getByRole('region', { name: 'Personal information' });
    fireEvent.change(within(form).getByLabelText(/^Current password/), { target: { value: 'pass-word-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const banner = await within(form).findByRole('alert');
    expect(banner.textContent).toContain('Email already in use.');
    expect(notify).toHaveBeenCalledWith(
      'error',
      'Email already in use. Please use a different email and try again.',
    );
    expect(valueOf('Email')).toBe('taken@example.com');
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

describe('the password form', () => {
  it('compares the new passwords at once, then changes the password and empties the fields', async () => {
    const { calls } = profileServer({
      handlers: {
        'PATCH /api/user/update/password': () => ({
          message: 'Password updated successfully',
          data: { user: {}, events: [], roles: [] },
        }),
      },
    });
    renderRoutes(routes, PATHS.profile);
    const change = await screen.findByRole('button', { name: 'Change password' });
    expect(screen.getByText(/signs you out on your other devices/)).toBeTruthy();
    typeIn('Current password', 'old-password-1');
    typeIn('New password', 'new-password-1');
    typeIn('Confirm new password', 'new-password-2');
    expect(screen.getByText("Passwords don't match. Please try again.")).toBeTruthy();
    expect(change.hasAttribute('disabled')).toBe(true);

    typeIn('Confirm new password', 'new-password-1');
    fireEvent.click(change);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Password updated successfully'));
    expect(calls.find((c) => c.url === '/api/user/update/password')?.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-1',
      confirmNewPassword: 'new-password-1',
    });
    expect(valueOf('Current password')).toBe('');
    expect(valueOf('New password')).toBe('');
    expect(valueOf('Confirm new password')).toBe('');
    expect(
      screen
        .getByText('Password updated successfully. Your other devices have been signed out.')
        .getAttribute('role'),
    ).toBe('status');
  });

  it("shows the server's refusal of the current password", async () => {
    profileServer({
      handlers: {
        'PATCH /api/user/update/password': {
          status: 400,
          reason: 'Incorrect current password. Please try again.',
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('button', { name: 'Change password' });
    typeIn('Current password', 'wrong');
    typeIn('New password', 'new-password-1');
    typeIn('Confirm new password', 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const section = screen.getByRole('region', { name: 'Password' });
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'Incorrect current password. Please try again.',
    );
    expect(valueOf('Current password')).toBe('wrong');
  });
});
