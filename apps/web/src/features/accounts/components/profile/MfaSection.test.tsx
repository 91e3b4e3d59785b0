import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../../lib/query-client';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer } from '../../profile-test-data';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

const routes = [{ path: '/profile', element: <ProfilePage /> }];
const NEEDS_PHONE = 'You need a phone number to change Multi-Factor Authentication';

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('two-step verification', () => {
  it('without a saved phone, says one is needed and goes to the phone field instead of calling', async () => {
    const { calls } = profileServer();
    renderRoutes(routes, '/profile');
    const toggle = await screen.findByRole('switch', { name: 'Ask for a code sent by SMS' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Add a phone number to your personal information to turn it on.')).toBeTruthy();

    fireEvent.click(toggle);
    const section = screen.getByRole('region', { name: 'Two-step verification' });
    expect(within(section).getByRole('alert').textContent).toContain(NEEDS_PHONE);
    expect(notify).toHaveBeenCalledWith('error', NEEDS_PHONE);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Phone/));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('with a phone, turns MFA on and names the last 4 digits the codes go to', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = profileServer({ user: { phone: '+33 6 12 34 56 78' }, beforeWrite: () => held });
    renderRoutes(routes, '/profile');
    const toggle = (await screen.findByRole('switch', {
      name: 'Ask for a code sent by SMS',
    })) as HTMLInputElement;
    expect(screen.getByText('Codes are sent to the phone number ending in 5678.')).toBeTruthy();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.disabled).toBe(true));
    release();
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(toggle.disabled).toBe(false);
    expect(calls.find((c) => c.method === 'PATCH')?.url).toBe('/api/user/togglemfa');
    expect(notify).toHaveBeenCalledWith('success', 'Multi-Factor Authentication updated');
    const summary = screen.getByRole('region', { name: 'Amina Benali' });
    expect(within(summary).getByText('Two-step verification').nextElementSibling?.textContent).toBe(
      'On · …5678',
    );
  });

  it('while MFA is on, keeps the phone the codes go to', async () => {
    profileServer({ user: { phone: '+33 6 12 34 56 78', usingMfa: true } });
    renderRoutes(routes, '/profile');
    const phone = await screen.findByLabelText(/^Phone/);
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.blur(phone);
    expect(
      screen.getByText('Turn off Multi-Factor Authentication before removing the phone number'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);
  });
});
