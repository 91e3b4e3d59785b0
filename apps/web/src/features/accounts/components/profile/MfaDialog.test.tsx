import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../../lib/query-client';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer } from '../../profile-test-data';
import { PATHS } from '../../../../lib/paths';
import { typeIn } from '../../../../test/type-in';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

const routes = [{ path: PATHS.profile, element: <ProfilePage /> }];
const MFA_ON = { phone: '+33612345678', usingMfa: true };

async function mfaSwitch() {
  return (await screen.findByRole('switch', { name: 'Ask for a code sent by SMS' })) as HTMLInputElement;
}

const type = (region: HTMLElement, label: RegExp | string, value: string) => typeIn(label, value, region);

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('turning two-step verification off', () => {
  it('asks for the password and the SMS code in a dialog, then sends them', async () => {
    const { calls } = profileServer({ user: MFA_ON });
    renderRoutes(routes, PATHS.profile);
    const toggle = await mfaSwitch();
    fireEvent.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification' });
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(toggle.checked).toBe(true);
    const password = within(dialog).getByLabelText(/^Current password/);
    await waitFor(() => expect(document.activeElement).toBe(password));
    const turnOff = within(dialog).getByRole('button', { name: 'Turn off' });
    expect(turnOff.hasAttribute('disabled')).toBe(true);

    const send = await within(dialog).findByRole('button', { name: 'Send me a code' });
    expect(dialog.textContent).toContain('ending in 5678');
    expect(within(dialog).queryByLabelText(/^Authenticator app code/)).toBeNull();
    fireEvent.click(send);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Verification Code Sent'));
    type(dialog, 'Current password', 'pass-word-1');
    type(dialog, 'Code', '123456');
    fireEvent.click(turnOff);

    await waitFor(() => expect(toggle.checked).toBe(false));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe('/api/user/togglemfa');
    expect(patch?.body).toEqual({ currentPassword: 'pass-word-1', code: '123456' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/user/step-up/code']);
    expect(notify).toHaveBeenCalledWith('success', 'Multi-Factor Authentication updated');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes nothing when cancelled', async () => {
    const { calls } = profileServer({ user: MFA_ON });
    renderRoutes(routes, PATHS.profile);
    const toggle = await mfaSwitch();
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toggle.checked).toBe(true);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    profileServer({
      user: MFA_ON,
      handlers: {
        'PATCH /api/user/togglemfa': { status: 400, reason: 'Incorrect current password. Please try again.' },
      },
    });
    renderRoutes(routes, PATHS.profile);
    fireEvent.click(await mfaSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification' });
    await within(dialog).findByLabelText(/^Code/);
    type(dialog, 'Current password', 'wrong');
    type(dialog, 'Code', '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Incorrect current password. Please try again.',
    );
    expect(screen.getByRole('dialog', { name: 'Turn off two-step verification' })).toBeTruthy();
  });
});

describe('turning two-step verification on', () => {
  for (const appOn of [false, true]) {
    it(`asks for the password and a code sent to the saved phone${appOn ? ', even with the app on' : ''}`, async () => {
      const { calls } = profileServer({ user: { phone: '+33612345678' }, appOn });
      renderRoutes(routes, PATHS.profile);
      const toggle = await mfaSwitch();
      fireEvent.click(toggle);

      const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step verification' });
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
      expect(toggle.checked).toBe(false);
      expect(dialog.textContent).toContain('that this phone receives the codes');
      expect(dialog.textContent).toContain('ending in 5678');
      expect(within(dialog).queryByLabelText(/^Authenticator app code/)).toBeNull();
      const turnOn = within(dialog).getByRole('button', { name: 'Turn on' });
      type(dialog, 'Current password', 'pass-word-1');
      expect(turnOn.hasAttribute('disabled')).toBe(true);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
      await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Verification Code Sent'));
      type(dialog, 'Code', '123456');
      fireEvent.click(turnOn);

      await waitFor(() => expect(toggle.checked).toBe(true));
      const patch = calls.find((c) => c.method === 'PATCH');
      expect(patch?.url).toBe('/api/user/togglemfa');
      expect(patch?.body).toEqual({ currentPassword: 'pass-word-1', code: '123456' });
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/user/step-up/code']);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  }
});

describe('turning SMS off while the authenticator app is on', () => {
  it("asks for the password and the app's code, sends no SMS, then sends them", async () => {
    const { calls } = profileServer({ user: MFA_ON, appOn: true });
    renderRoutes(routes, PATHS.profile);
    const toggle = await mfaSwitch();
    fireEvent.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification' });
    const code = await within(dialog).findByLabelText(/^Authenticator app code/);
    expect(dialog.textContent).toContain('Logging in will still ask for the code of your authenticator app.');
    expect(dialog.textContent).not.toContain('SMS');
    expect(within(dialog).queryByRole('button', { name: 'Send me a code' })).toBeNull();
    expect(within(dialog).queryByLabelText(/^Code/)).toBeNull();

    const turnOff = within(dialog).getByRole('button', { name: 'Turn off' });
    type(dialog, 'Current password', 'pass-word-1');
    expect(turnOff.hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(turnOff);

    await waitFor(() => expect(toggle.checked).toBe(false));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url).toBe('/api/user/togglemfa');
    expect(patch?.body).toEqual({ currentPassword: 'pass-word-1', code: '123456' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
