import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { RegisterPage } from './RegisterPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { PATHS } from '../../../lib/paths';
import { typeIn } from '../../../test/type-in';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [
  { path: PATHS.register, element: <RegisterPage /> },
  { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
];

function fillRegistration() {
  typeIn(/^First Name/, 'Amina');
  typeIn(/^Last Name/, 'Benali');
  typeIn(/^Email/, 'amina@example.com');
  typeIn(/^Password/, 'a-good-password');
}

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('RegisterPage', () => {
  it("applies SPEC §5's rules with the server's password length", async () => {
    renderRoutes(routes, PATHS.register);
    const button = screen.getByRole('button', { name: 'Create Account' });
    expect(button.hasAttribute('disabled')).toBe(true);
    typeIn(/^First Name/, 'A');
    typeIn(/^Password/, '1234');
    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('shows the server message and the reminder, then a fresh form on Create another account', async () => {
    const calls = mockApi({
      'POST /api/user/register': async () => {
        await new Promise((r) => setTimeout(r, 30));
        return { status: 201, message: 'User account created for user Amina', data: { user: apiUser() } };
      },
    });
    renderRoutes(routes, PATHS.register);
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'User account created for user Amina',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Please access your email and confirm your account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Login' }).getAttribute('href')).toBe(PATHS.login);
    expect(calls[0]?.body).toEqual({
      firstName: 'Amina',
      lastName: 'Benali',
      email: 'amina@example.com',
      password: 'a-good-password',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Create another account' }));
    await screen.findByRole('heading', { level: 1, name: 'Create an Account' });
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Create Account' }).hasAttribute('disabled')).toBe(true);
    // The form can be sent again.
    fillRegistration();
    expect(screen.getByRole('button', { name: 'Create Account' }).hasAttribute('disabled')).toBe(false);
  });

  it('keeps the form and shows the error when the e-mail is taken', async () => {
    mockApi({
      'POST /api/user/register': {
        status: 409,
        reason: 'Email already in use. Please use a different email and try again.',
      },
    });
    renderRoutes(routes, PATHS.register);
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Email already in use.');
    expect(notify).toHaveBeenCalledWith(
      'error',
      'Email already in use. Please use a different email and try again.',
    );
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Amina');
  });

  it("shows the server's reason when it refuses the password, and keeps the form to choose another", async () => {
    const reason = 'This password is too common: it appears in lists of leaked passwords. Choose another.';
    mockApi({ 'POST /api/user/register': { status: 400, reason } });
    renderRoutes(routes, PATHS.register);
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect(notify).toHaveBeenCalledWith('error', reason);
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('a-good-password');
    expect(screen.getByRole('button', { name: 'Create Account' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('ResetPasswordPage', () => {
  it('sends the e-mail and shows the server message with links to login and register', async () => {
    const calls = mockApi({
      'GET /api/user/resetpassword/amina%40example.com': {
        message: 'Email sent. Please check your email to reset your password.',
      },
    });
    renderRoutes(routes, PATHS.resetPassword);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
    typeIn(/^Email/, 'amina@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Email sent. Please check your email to reset your password.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Login' }).getAttribute('href')).toBe(PATHS.login);
    expect(screen.getByRole('link', { name: 'Create an Account' }).getAttribute('href')).toBe(PATHS.register);
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });
});
