import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MfaStatus } from '@app/contracts';
import { queryClient } from '../../../../lib/query-client';
import type { RecordedCall } from '../../../../test/api-mock';
import { renderRoutes } from '../../../../test/render';
import { ProfilePage } from '../../pages/ProfilePage';
import { profileServer } from '../../profile-test-data';
import { PATHS } from '../../../../lib/paths';
import { typeIn } from '../../../../test/type-in';

vi.mock('../../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../../lib/notify');

const routes = [{ path: PATHS.profile, element: <ProfilePage /> }];
const PASSWORD = 'correct horse battery';
const WRONG_PASSWORD = 'Incorrect current password. Please try again.';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_CODE = 'data:image/svg+xml;base64,PHN2Zy8+';
/** Ten recovery codes, as the confirmation answers them. */
const CODES = 'abcdefghij'.split('').map((letter) => `${letter.repeat(6)}-gh23ij-klmn4p-qrstuv`);
const RECOVERY_CODE = 'abcdef-gh23ij-klmn4p-qrstuv';

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The profile's stand-in, with the /user/mfa calls kept as the server would (right password, code 123456). */
function mfaServer(initial: Partial<MfaStatus> = {}) {
  let status: MfaStatus = { sms: false, totp: false, recoveryCodesLeft: 0, ...initial };
  const refused = (call: RecordedCall) => {
    const body = call.body as { currentPassword?: string; code?: string };
    if (body.currentPassword !== undefined && body.currentPassword !== PASSWORD) {
      return { status: 400, reason: WRONG_PASSWORD };
    }
    if (body.code !== undefined && body.code !== '123456' && body.code !== RECOVERY_CODE) {
      return {
        status: 400,
        reason: 'The code is wrong or was already used. Enter the current code of your app.',
      };
    }
    return undefined;
  };
  const withCodes = (message: string) => {
    status = { ...status, totp: true, recoveryCodesLeft: 10 };
    return { message, data: { recoveryCodes: CODES, status } };
  };
  return profileServer({
    handlers: {
      'GET /api/user/mfa': () => ({ message: 'Multi-Factor Authentication Retrieved', data: status }),
      'POST /api/user/mfa/totp/start': (call) =>
        refused(call) ?? {
          message: 'Scan the QR code with your authenticator app',
          data: { uri: 'otpauth://totp/x', secret: SECRET, qrCode: QR_CODE },
        },
      'POST /api/user/mfa/totp/confirm': (call) => refused(call) ?? withCodes('Authenticator app turned on'),
      'POST /api/user/mfa/recovery-codes': (call) => refused(call) ?? withCodes('New recovery codes created'),
      'POST /api/user/mfa/totp/disable': (call) => {
        const refusal = refused(call);
        if (refusal) return refusal;
        status = { ...status, totp: false, recoveryCodesLeft: 0 };
        return { message: 'Authenticator app turned off', data: status };
      },
    },
  });
}

async function card() {
  return screen.findByRole('region', { name: 'Authenticator app' });
}

const type = (section: HTMLElement, label: RegExp | string, value: string) => typeIn(label, value, section);

const mfaCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/user/mfa/')).map((c) => [c.url, c.body]);

describe('the authenticator app card', () => {
  it('sets the app up: password, then the QR code and key, then a first code, then the recovery codes once', async () => {
    const { calls } = mfaServer();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:codes');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    renderRoutes(routes, PATHS.profile);
    const section = await card();
    expect(await within(section).findByText('Off.')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Set up an authenticator app' }));
    const password = within(section).getByLabelText(/^Current password/);
    expect(document.activeElement).toBe(password);
    type(section, /^Current password/, 'not my password');
    fireEvent.click(within(section).getByRole('button', { name: 'Continue' }));
    expect((await within(section).findByRole('alert')).textContent).toContain(WRONG_PASSWORD);

    type(section, /^Current password/, PASSWORD);
    fireEvent.click(within(section).getByRole('button', { name: 'Continue' }));
    const qr = (await within(section).findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(QR_CODE);
    expect(within(section).getByLabelText('Key to type in the app').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const code = within(section).getByLabelText(/Enter the 6-digit code the app shows/);
    expect(document.activeElement).toBe(code);
    type(section, /Enter the 6-digit code/, '12');
    expect(within(section).getByText('The code has 6 digits')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Turn on' }).hasAttribute('disabled')).toBe(true);
    type(section, /Enter the 6-digit code/, '123456');
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));

    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(notify).toHaveBeenCalledWith('success', 'Authenticator app turned on');
    fireEvent.click(within(section).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    for (const recovery of CODES) expect(writeText.mock.calls[0]?.[0]).toContain(recovery);
    fireEvent.click(within(section).getByRole('button', { name: 'Download' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('coran-hadith-recovery-codes.txt');

    fireEvent.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(await within(section).findByText('On · 10 recovery codes left.')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Amina Benali' });
    expect(within(summary).getByText('Two-step verification').nextElementSibling?.textContent).toBe(
      'On · authenticator app',
    );
    // Shown once: gone from the screen, and no call can read them again.
    for (const recovery of CODES) expect(document.body.textContent).not.toContain(recovery);
    expect(mfaCalls(calls)).toEqual([
      ['/api/user/mfa/totp/start', { currentPassword: 'not my password' }],
      ['/api/user/mfa/totp/start', { currentPassword: PASSWORD }],
      ['/api/user/mfa/totp/confirm', { code: '123456' }],
    ]);
  });

  it('turns the app off with the password and a code or a recovery code; a refusal changes nothing', async () => {
    const { calls } = mfaServer({ totp: true, recoveryCodesLeft: 2 });
    renderRoutes(routes, PATHS.profile);
    const section = await card();
    expect(
      await within(section).findByText('On · 2 recovery codes left. Make new ones before they run out.'),
    ).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
    type(section, /^Current password/, PASSWORD);
    type(section, /^Code from the app, or a recovery code/, '654321');
    fireEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/The code is wrong/);

    type(section, /^Code from the app, or a recovery code/, RECOVERY_CODE);
    fireEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByText('Off.')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'Authenticator app turned off');
    expect(mfaCalls(calls).at(-1)).toEqual([
      '/api/user/mfa/totp/disable',
      { currentPassword: PASSWORD, code: RECOVERY_CODE },
    ]);
  });

  it("makes new recovery codes only with the app's code, and shows them once", async () => {
    const { calls } = mfaServer({ totp: true, recoveryCodesLeft: 7 });
    renderRoutes(routes, PATHS.profile);
    const section = await card();
    fireEvent.click(await within(section).findByRole('button', { name: 'New recovery codes' }));

    type(section, /^Current password/, PASSWORD);
    type(section, /^Code from the app/, RECOVERY_CODE);
    expect(within(section).getByText('The code has 6 digits')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Create new codes' }).hasAttribute('disabled')).toBe(
      true,
    );
    type(section, /^Code from the app/, '123456');
    fireEvent.click(within(section).getByRole('button', { name: 'Create new codes' }));

    expect(await within(section).findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'New recovery codes created');
    expect(mfaCalls(calls)).toEqual([
      ['/api/user/mfa/recovery-codes', { currentPassword: PASSWORD, code: '123456' }],
    ]);
    fireEvent.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(await within(section).findByText('On · 10 recovery codes left.')).toBeTruthy();
  });

  it('cancels a step without calling the server', async () => {
    const { calls } = mfaServer({ totp: true, recoveryCodesLeft: 10 });
    renderRoutes(routes, PATHS.profile);
    const section = await card();
    fireEvent.click(await within(section).findByRole('button', { name: 'Turn off' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(await within(section).findByText('On · 10 recovery codes left.')).toBeTruthy();
    expect(mfaCalls(calls)).toEqual([]);
  });
});
