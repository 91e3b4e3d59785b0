import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MfaStatus } from '@app/contracts';
import { queryClient } from '../../../../lib/query-client';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer } from '../../profile-test-data';
import { PATHS } from '../../../../lib/paths';
import { typeIn } from '../../../../test/type-in';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

const routes = [{ path: PATHS.profile, element: <ProfilePage /> }];
const CHANGED = { message: 'Password updated successfully', data: { user: {}, events: [], roles: [] } };
const APP_CODE_LABEL = /^Authenticator app code/;

/** The password form, once the profile is on screen. */
async function passwordSection() {
  await screen.findByRole('button', { name: 'Change password' });
  return screen.getByRole('region', { name: 'Password' });
}

const type = (region: HTMLElement, label: RegExp | string, value: string) => typeIn(label, value, region);

/** The passwords fillPasswords types, as the change's request carries them. */
const PASSWORDS = {
  currentPassword: 'old-password-1',
  newPassword: 'new-password-1',
  confirmNewPassword: 'new-password-1',
};

function fillPasswords(region: HTMLElement) {
  type(region, 'Current password', PASSWORDS.currentPassword);
  type(region, 'New password', PASSWORDS.newPassword);
  type(region, 'Confirm new password', PASSWORDS.confirmNewPassword);
}

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the password form and the SMS code', () => {
  it('without MFA, asks for no code', async () => {
    profileServer({ user: { phone: '+33612345678' } });
    renderRoutes(routes, PATHS.profile);
    const section = await passwordSection();
    fillPasswords(section);
    // Enabled once the MFA status is known: only then does the absence of a code field mean anything.
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Change password' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    expect(within(section).queryByLabelText(/^Code/)).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Send me a code' })).toBeNull();
  });

  it('with MFA on, needs the code sent by SMS, and sends it with the new password', async () => {
    const { calls } = profileServer({
      user: { phone: '+33612345678', usingMfa: true },
      handlers: { 'PATCH /api/user/update/password': CHANGED },
    });
    renderRoutes(routes, PATHS.profile);
    const section = await passwordSection();
    const change = within(section).getByRole('button', { name: 'Change password' });
    fillPasswords(section);
    expect(change.hasAttribute('disabled')).toBe(true);

    fireEvent.click(await within(section).findByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Verification Code Sent'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/user/step-up/code']);
    type(section, 'Code', '654321');
    expect(change.hasAttribute('disabled')).toBe(false);
    fireEvent.click(change);

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Password updated successfully'));
    expect(calls.find((c) => c.url === '/api/user/update/password')?.body).toEqual({
      ...PASSWORDS,
      code: '654321',
    });
    expect((within(section).getByLabelText(/^Code/) as HTMLInputElement).value).toBe('');
  });

  it('shows a refused code send in the form', async () => {
    profileServer({
      user: { phone: '+33612345678', usingMfa: true },
      handlers: {
        'POST /api/user/step-up/code': {
          status: 429,
          reason: 'Too many requests. Please try again in 15 minutes.',
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    const section = await passwordSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Send me a code' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('Too many requests.');
  });
});

describe('the password form and the authenticator app', () => {
  it("with the app on, needs the app's code (or a recovery code), asks for no SMS, and sends it", async () => {
    const { calls } = profileServer({
      user: { phone: '+33612345678' },
      appOn: true,
      handlers: { 'PATCH /api/user/update/password': CHANGED },
    });
    renderRoutes(routes, PATHS.profile);
    const section = await passwordSection();
    const code = await within(section).findByLabelText(APP_CODE_LABEL);
    expect(
      within(section).getByText('The 6-digit code of your authenticator app, or one of your recovery codes.'),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Send me a code' })).toBeNull();
    expect(within(section).queryByLabelText(/^Code/)).toBeNull();

    const change = within(section).getByRole('button', { name: 'Change password' });
    fillPasswords(section);
    expect(change.hasAttribute('disabled')).toBe(true);
    type(section, 'Authenticator app code', '12');
    expect(within(section).getByText('Enter the 6-digit code, or a recovery code')).toBeTruthy();
    expect(change.hasAttribute('disabled')).toBe(true);
    type(section, 'Authenticator app code', ' abcdef-gh23ij-klmn4p-qrstuv ');
    expect(change.hasAttribute('disabled')).toBe(false);
    fireEvent.click(change);

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Password updated successfully'));
    expect(calls.find((c) => c.url === '/api/user/update/password')?.body).toEqual({
      ...PASSWORDS,
      code: 'abcdef-gh23ij-klmn4p-qrstuv',
    });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect((code as HTMLInputElement).value).toBe('');
  });

  it('cannot be sent while it is not known whether the app is on', async () => {
    // GET /user/mfa answers only when the test says so.
    let answerStatus = (): void => undefined;
    const statusRead = new Promise<void>((resolve) => {
      answerStatus = resolve;
    });
    profileServer({
      handlers: {
        'GET /api/user/mfa': async () => {
          await statusRead;
          return {
            message: 'Multi-Factor Authentication Retrieved',
            data: { sms: false, totp: false, recoveryCodesLeft: 0 },
          };
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    const section = await passwordSection();
    const change = within(section).getByRole('button', { name: 'Change password' });
    fillPasswords(section);
    expect(change.hasAttribute('disabled')).toBe(true);
    answerStatus();
    await waitFor(() => expect(change.hasAttribute('disabled')).toBe(false));
    expect(within(section).queryByLabelText(APP_CODE_LABEL)).toBeNull();
  });

  it("asks for the app's code as soon as the app is turned on in its card", async () => {
    let status: MfaStatus = { sms: false, totp: false, recoveryCodesLeft: 0 };
    const codes = 'abcdefghij'.split('').map((letter) => `${letter.repeat(6)}-gh23ij-klmn4p-qrstuv`);
    profileServer({
      handlers: {
        'GET /api/user/mfa': () => ({ message: 'Multi-Factor Authentication Retrieved', data: status }),
        'POST /api/user/mfa/totp/start': {
          message: 'Scan the QR code with your authenticator app',
          data: { uri: 'otpauth://totp/x', secret: 'JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,' },
        },
        'POST /api/user/mfa/totp/confirm': () => {
          status = { sms: false, totp: true, recoveryCodesLeft: 10 };
          return { message: 'Authenticator app turned on', data: { recoveryCodes: codes, status } };
        },
      },
    });
    renderRoutes(routes, PATHS.profile);
    const section = await passwordSection();
    const app = await screen.findByRole('region', { name: 'Authenticator app' });
    fireEvent.click(await within(app).findByRole('button', { name: 'Set up an authenticator app' }));
    type(app, 'Current password', 'old-password-1');
    fireEvent.click(within(app).getByRole('button', { name: 'Continue' }));
    await within(app).findByLabelText(/^2\. Enter the 6-digit code/);
    type(app, '2\\. Enter the 6-digit code', '123456');
    fireEvent.click(within(app).getByRole('button', { name: 'Turn on' }));
    await within(app).findByRole('list', { name: 'Recovery codes' });

    expect(await within(section).findByLabelText(APP_CODE_LABEL)).toBeTruthy();
  });
});
