import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { queryClient } from '../../../../lib/query-client';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer } from '../../profile-test-data';
import { PATHS } from '../../../../lib/paths';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

const routes = [{ path: PATHS.profile, element: <ProfilePage /> }];
const NEEDS_PHONE = 'You need a phone number to change Multi-Factor Authentication';

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('two-step verification', () => {
  it('without a saved phone, says one is needed and goes to the phone field instead of calling', async () => {
    const { calls } = profileServer();
    renderRoutes(routes, PATHS.profile);
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

  it('with a phone, names its last 4 digits, the risks of SMS, and opens the dialog that turns it on', async () => {
    const { calls } = profileServer({ user: { phone: '+33 6 12 34 56 78' } });
    renderRoutes(routes, PATHS.profile);
    const toggle = (await screen.findByRole('switch', {
      name: 'Ask for a code sent by SMS',
    })) as HTMLInputElement;
    const section = screen.getByRole('region', { name: 'Two-step verification' });
    expect(within(section).getByText('Codes are sent to the phone number ending in 5678.')).toBeTruthy();
    expect(section.textContent).toContain('SIM swap');
    expect(section.textContent).toContain('An authenticator app is safer.');

    fireEvent.click(toggle);
    expect(await screen.findByRole('dialog', { name: 'Turn on two-step verification' })).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('while MFA is on, keeps the phone the codes go to: the field cannot be changed', async () => {
    profileServer({ user: { phone: '+33 6 12 34 56 78', usingMfa: true } });
    renderRoutes(routes, PATHS.profile);
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement;
    expect(phone.readOnly).toBe(true);
    expect(screen.getByText(/To change it, turn off two-step verification first\./)).toBeTruthy();
  });
});
