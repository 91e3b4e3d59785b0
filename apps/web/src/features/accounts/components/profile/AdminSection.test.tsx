import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../../lib/query-client';
import { tokenStore } from '../../../../lib/session/token-store';
import { apiUser, type RecordedCall } from '../../../../test/api-mock';
import { jwtExpiringIn } from '../../../../test/fake-jwt';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer, ROLES } from '../../profile-test-data';
import { PATHS } from '../../../../lib/paths';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

const routes = [{ path: PATHS.profile, element: <ProfilePage /> }];
const ADMIN = { roleName: 'ROLE_ADMIN', firstName: 'Ibrahim', lastName: 'Dubois', id: 3 };

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const administration = () => screen.getByRole('region', { name: 'Administration' });
const options = (select: HTMLElement) =>
  Array.from((select as HTMLSelectElement).options).map((o) => o.textContent);

describe('the administration section', () => {
  it.each(['ROLE_USER', 'ROLE_MANAGER'])('is not shown to %s', async (roleName) => {
    profileServer({ user: { roleName } });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('region', { name: 'Personal information' });
    expect(screen.queryByRole('region', { name: 'Administration' })).toBeNull();
    expect(screen.queryByLabelText('User ID')).toBeNull();
  });

  it.each([
    ['ROLE_ADMIN', ['User', 'Manager', 'Administrator']],
    ['ROLE_SYSADMIN', ['User', 'Manager', 'Administrator', 'Owner']],
  ])('is shown to %s, offering no role above theirs', async (roleName, offered) => {
    profileServer({ user: { roleName } });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('region', { name: 'Administration' });
    const role = within(administration()).getByRole('combobox', { name: /^Role/ });
    expect(options(role)).toEqual(offered);
    expect((role as HTMLSelectElement).value).toBe(roleName);
    expect(
      within(administration()).getByRole('button', { name: 'Change role' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(
      (within(administration()).getByRole('switch', { name: 'Enabled' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      within(administration()).getByText('Changes apply to your own account (Amina Benali, user #7).'),
    ).toBeTruthy();
  });

  it("changes another user's role by ID and shows whom the change reached", async () => {
    const target = apiUser({ id: 42, firstName: 'Yusuf', lastName: 'Martin', email: 'user@example.com' });
    const { calls } = profileServer({
      user: ADMIN,
      handlers: {
        'PATCH /api/user/update/role/ROLE_MANAGER?userId=42': () => ({
          message: 'Role updated successfully',
          data: { user: { ...target, roleName: 'ROLE_MANAGER' }, events: [], roles: ROLES },
        }),
      },
    });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('region', { name: 'Administration' });
    const section = administration();

    fireEvent.change(within(section).getByLabelText('User ID'), { target: { value: 'abc' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Load' }));
    expect(within(section).getByText('Enter a user ID: a whole number above 0')).toBeTruthy();

    fireEvent.change(within(section).getByLabelText('User ID'), { target: { value: '42' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Load' }));
    expect(within(section).getByText(/^Changes apply to user #42\./)).toBeTruthy();
    const role = within(section).getByRole('combobox', { name: /^Role/ });
    expect((role as HTMLSelectElement).value).toBe('');
    expect(within(section).getByText(/check both switches before saving/)).toBeTruthy();

    fireEvent.change(role, { target: { value: 'ROLE_MANAGER' } });
    expect(within(section).getByText(/^Permissions: READ:USER, READ:CUSTOMER, UPDATE:USER/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Change role' }));

    expect(
      await within(section).findByText(
        'Changes apply to Yusuf Martin (user@example.com), user #42: now Manager, enabled, not locked.',
      ),
    ).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'Role updated successfully');
    expect(calls.find((c) => c.method === 'PATCH')?.url).toBe('/api/user/update/role/ROLE_MANAGER?userId=42');
    // The admin's own profile is untouched: the summary still shows them.
    expect(screen.getByRole('region', { name: 'Ibrahim Dubois' })).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Back to my account' }));
    expect(
      within(section).getByText('Changes apply to your own account (Ibrahim Dubois, user #3).'),
    ).toBeTruthy();
  });

  it("sends another user's settings with ?userId= and shows a refusal in the banner", async () => {
    const { calls } = profileServer({
      user: ADMIN,
      handlers: {
        'PATCH /api/user/update/settings?userId=9': {
          status: 403,
          reason: "You don't have enough permission",
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('region', { name: 'Administration' });
    const section = administration();
    fireEvent.change(within(section).getByLabelText('User ID'), { target: { value: '9' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Load' }));
    fireEvent.click(within(section).getByRole('switch', { name: 'Not locked' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save settings' }));

    expect((await within(section).findByRole('alert')).textContent).toContain(
      "You don't have enough permission",
    );
    expect(notify).toHaveBeenCalledWith('error', "You don't have enough permission");
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: true, notLocked: false });
    // No confirmation for another account: only locking oneself out is asked about.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before an administrator locks their own account; once confirmed, signs them out', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(900), refresh_token: jwtExpiringIn(86400) });
    const settings: RecordedCall[] = [];
    profileServer({
      user: ADMIN,
      handlers: {
        'PATCH /api/user/update/settings': (call) => {
          settings.push(call);
          return {
            message: 'Account settings updated successfully',
            data: { user: apiUser({ ...ADMIN, notLocked: false }), events: [], roles: ROLES },
          };
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('region', { name: 'Administration' });
    const section = administration();
    const save = within(section).getByRole('button', { name: 'Save settings' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(section).getByRole('switch', { name: 'Not locked' }));
    fireEvent.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'Lock yourself out?' });
    expect(dialog.textContent).toContain(
      'Your own account will be locked: you will be signed out on every device',
    );
    // In a portal outside the page, still marked as English for screen readers.
    expect(dialog.closest('[lang="en"]')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(settings).toEqual([]);

    fireEvent.click(save);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save and sign out' }),
    );
    await waitFor(() => expect(settings).toHaveLength(1));
    expect(settings[0]?.body).toEqual({ enabled: true, notLocked: false });
    await waitFor(() => expect(tokenStore.accessToken()).toBeNull());
    expect(notify).toHaveBeenCalledWith(
      'info',
      'Your account can no longer log in: you have been signed out.',
    );
  });

  it('asks before an administrator gives themselves a lower role', async () => {
    const { calls } = profileServer({ user: ADMIN });
    renderRoutes(routes, PATHS.profile);
    await screen.findByRole('region', { name: 'Administration' });
    const section = administration();
    fireEvent.change(within(section).getByRole('combobox', { name: /^Role/ }), {
      target: { value: 'ROLE_USER' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make yourself User?' });
    expect(dialog.textContent).toContain('You will lose access to administration at once.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
