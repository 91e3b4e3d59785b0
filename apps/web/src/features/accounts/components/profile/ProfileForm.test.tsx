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
const NOTICE = 'We sent a confirmation link to amina.new@example.com. Your address changes once you open it.';

/** The personal information form, once the profile is on screen. */
async function details() {
  await screen.findByRole('button', { name: 'Save changes' });
  return screen.getByRole('region', { name: 'Personal information' });
}

const type = (region: HTMLElement, label: RegExp | string, value: string) => typeIn(label, value, region);

const passwordField = (region: HTMLElement) => within(region).queryByLabelText(/^Current password/);
const codeField = (region: HTMLElement) => within(region).queryByLabelText(/^Code/);
const save = () => screen.getByRole('button', { name: 'Save changes' });

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('changing the e-mail or the phone', () => {
  it('asks for the current password only when the e-mail or the phone differs from the saved one', async () => {
    profileServer({ user: { phone: '+33612345678' } });
    renderRoutes(routes, PATHS.profile);
    const form = await details();
    expect(passwordField(form)).toBeNull();

    type(form, 'Title', 'Teacher');
    expect(passwordField(form)).toBeNull();
    expect(save().hasAttribute('disabled')).toBe(false);

    type(form, 'Email', 'amina.new@example.com');
    expect(passwordField(form)).not.toBeNull();
    expect(within(form).getByRole('group', { name: "Confirm it's you" })).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
    type(form, 'Current password', 'pass-word-1');
    // Enabled once the MFA status is known: only then does the absence of a code field mean anything.
    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    // Without MFA, no code is asked for.
    expect(codeField(form)).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Send me a code' })).toBeNull();

    // The same address in other letters' case is the same address, for the server too.
    type(form, 'Email', 'Amina@Example.com');
    expect(passwordField(form)).toBeNull();

    type(form, 'Phone', '+33698765432');
    expect(passwordField(form)).not.toBeNull();
    type(form, 'Phone', '+33612345678');
    expect(passwordField(form)).toBeNull();
  });

  it('saves the other fields without a password, as before', async () => {
    const { calls } = profileServer();
    renderRoutes(routes, PATHS.profile);
    const form = await details();
    type(form, 'Title', 'Teacher');
    fireEvent.click(save());
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'User updated'));
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body.title).toBe('Teacher');
    expect(body).not.toHaveProperty('currentPassword');
    expect(body).not.toHaveProperty('code');
  });

  it('with MFA on, also asks for the SMS code, sends one on request, and saves with both', async () => {
    const { calls } = profileServer({ user: { phone: '+33612345678', usingMfa: true } });
    renderRoutes(routes, PATHS.profile);
    const form = await details();
    expect(codeField(form)).toBeNull();

    type(form, 'Email', 'amina.new@example.com');
    const code = (await within(form).findByLabelText(/^Code/)) as HTMLInputElement;
    expect(within(form).getByText(/needs your current password and a code sent by SMS/)).toBeTruthy();
    expect(within(form).getByText(/sent by SMS to your phone number ending in 5678/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: 'Send me a code' }));
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/user/step-up/code']);
    expect(notify).toHaveBeenCalledWith('success', 'Verification Code Sent');
    expect(within(form).getByRole('status').textContent).toContain('Code sent.');

    type(form, 'Current password', 'pass-word-1');
    expect(save().hasAttribute('disabled')).toBe(true);
    type(form, 'Code', '12');
    expect(within(form).getByText('The code has 6 digits')).toBeTruthy();
    type(form, 'Code', ' 123456 ');
    fireEvent.click(save());

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'User updated'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      email: 'amina.new@example.com',
      currentPassword: 'pass-word-1',
      code: '123456',
    });
    // The address changes only once confirmed: the form shows the saved one, and says where the link went.
    expect(await within(form).findByText(NOTICE)).toBeTruthy();
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('amina@example.com');
    expect(passwordField(form)).toBeNull();
  });

  it("with the authenticator app on, asks for the app's code, not an SMS code, and saves with it", async () => {
    // SMS is on too: the app takes precedence, as at login.
    const { calls } = profileServer({ user: { phone: '+33612345678', usingMfa: true }, appOn: true });
    renderRoutes(routes, PATHS.profile);
    const form = await details();
    type(form, 'Email', 'amina.new@example.com');
    const code = await within(form).findByLabelText(/^Authenticator app code/);
    expect(
      within(form).getByText(/needs your current password and a code of your authenticator app/),
    ).toBeTruthy();
    expect(
      within(form).getByText('The 6-digit code of your authenticator app, or one of your recovery codes.'),
    ).toBeTruthy();
    expect(codeField(form)).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Send me a code' })).toBeNull();

    type(form, 'Current password', 'pass-word-1');
    expect(save().hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: ' 654321 ' } });
    expect(save().hasAttribute('disabled')).toBe(false);
    fireEvent.click(save());

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'User updated'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      email: 'amina.new@example.com',
      currentPassword: 'pass-word-1',
      code: '654321',
    });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says a new address waits for its confirmation whenever the profile has one', async () => {
    profileServer({ pendingEmail: 'amina.new@example.com' });
    renderRoutes(routes, PATHS.profile);
    const form = await details();
    expect(within(form).getByRole('status').textContent).toBe(NOTICE);
  });
});
