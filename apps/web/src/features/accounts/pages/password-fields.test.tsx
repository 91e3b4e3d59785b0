/**
 * Every field where a password is typed hides it (type="password"): on the login, the registration, the new
 * password of a reset link, the profile's password change and the sign-up from an invitation. Mantine's
 * PasswordInput shows it only when the person asks, with its eye button.
 */
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { profileServer } from '../profile-test-data';
import { InvitationPage } from './InvitationPage';
import { LoginPage } from './LoginPage';
import { ProfilePage } from './ProfilePage';
import { RegisterPage } from './RegisterPage';
import { VerifyPage } from './VerifyPage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));

const KEY = 'k'.repeat(32);

const invitation = {
  message: 'Invitation retrieved',
  data: {
    invitation: {
      organisationName: 'Atelier Lumière',
      email: 'karim@example.com',
      roleName: 'ROLE_MANAGER',
      invitedBy: 'Amina Benali',
      expiresAt: '2026-12-02T10:00:00.000Z',
    },
    accountExists: false,
  },
};

type Form = {
  name: string;
  route: string;
  path: string;
  page: ReactElement;
  /** Stands in for the server's answers the page needs to show its form. */
  server: () => unknown;
  /** The labels of the form's password fields. */
  labels: string[];
};

const FORMS: Form[] = [
  {
    name: 'the login',
    route: PATHS.login,
    path: PATHS.login,
    page: <LoginPage />,
    server: () => mockApi({}),
    labels: ['Password'],
  },
  {
    name: 'the registration',
    route: PATHS.register,
    path: PATHS.register,
    page: <RegisterPage />,
    server: () => mockApi({}),
    labels: ['Password'],
  },
  {
    name: 'the new password of a reset link',
    route: '/user/verify/password/:key',
    path: `/user/verify/password/${KEY}`,
    page: <VerifyPage />,
    server: () =>
      mockApi({
        [`GET /api/user/verify/password/${KEY}`]: {
          message: 'Please enter a new password',
          data: { user: apiUser() },
        },
      }),
    labels: ['New Password', 'Confirm New Password'],
  },
  {
    name: "the profile's password change",
    route: PATHS.profile,
    path: PATHS.profile,
    page: <ProfilePage />,
    server: () => profileServer(),
    labels: ['Current password', 'New password', 'Confirm new password'],
  },
  {
    name: 'the sign-up from an invitation',
    route: '/invitation/:key',
    path: `/invitation/${KEY}`,
    page: <InvitationPage />,
    server: () => mockApi({ [`GET /api/organisation/invitation/${KEY}`]: invitation }),
    labels: ['Password'],
  },
];

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('password fields', () => {
  it.each(FORMS.map((form) => [form.name, form] as const))('are hidden on %s', async (_, form) => {
    const { route, path, page, server, labels } = form;
    server();
    renderRoutes([{ path: route, element: page }], path);

    const fields = await Promise.all(labels.map((label) => screen.findByLabelText(new RegExp(`^${label}`))));
    for (const [index, field] of fields.entries()) {
      expect(field.getAttribute('type'), labels[index]).toBe('password');
    }
    // No other field of the page takes a password: each one a password manager would fill is among them.
    const forPasswords = [...document.querySelectorAll('input[autocomplete$="-password"]')];
    expect(forPasswords).toHaveLength(fields.length);
    for (const field of forPasswords) expect(fields).toContain(field);
  });
});
