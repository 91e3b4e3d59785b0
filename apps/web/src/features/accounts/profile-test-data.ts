/**
 * A stand-in for the server's profile calls in the profile screen's tests: it keeps one user, answers
 * GET /user/profile with it (and GET /user/sessions with its sessions, GET /user/mfa with its authenticator app
 * off unless `appOn`), and applies the PATCH calls the way the server does.
 */
import type { LoginSession, Role, User, UserEvent } from '@app/contracts';
import { apiUser, mockApi, type RecordedCall } from '../../test/api-mock';

export const ROLES: Role[] = [
  { id: 1, name: 'ROLE_USER', permission: 'READ:USER,READ:CUSTOMER' },
  { id: 2, name: 'ROLE_MANAGER', permission: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER' },
  {
    id: 3,
    name: 'ROLE_ADMIN',
    permission: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER',
  },
  {
    id: 4,
    name: 'ROLE_SYSADMIN',
    permission:
      'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER,DELETE:USER,DELETE:CUSTOMER',
  },
];

export const EVENTS: UserEvent[] = [
  {
    id: 2,
    type: 'LOGIN_ATTEMPT_FAILURE',
    description: 'You tried to log in and you failed',
    device: 'Firefox - Linux',
    ipAddress: '203.0.113.9',
    createdAt: '2026-03-12T13:05:00.000Z',
  },
  {
    id: 1,
    type: 'LOGIN_ATTEMPT_SUCCESS',
    description: 'You tried to log in and you succeeded',
    device: 'Chrome - Windows',
    ipAddress: '198.51.100.4',
    createdAt: '2026-03-11T08:00:00.000Z',
  },
];

/** The signed-in sessions: this device's, and one elsewhere. */
export const SESSIONS: LoginSession[] = [
  {
    id: '0b7c2f4e-3d1a-4c8e-9f6b-2a5d7e9c1b30',
    device: 'Firefox on Linux',
    ipAddress: '203.0.113.9',
    createdAt: '2026-03-12T13:05:00.000Z',
    lastUsedAt: '2026-03-12T14:00:00.000Z',
    expiresAt: '2026-04-11T13:05:00.000Z',
    current: true,
  },
  {
    id: '5e1d9a27-8c4b-4f3e-a2d6-7b0c1e8f9a41',
    device: 'Chrome on Windows',
    ipAddress: '198.51.100.4',
    createdAt: '2026-03-11T08:00:00.000Z',
    lastUsedAt: '2026-03-11T09:30:00.000Z',
    expiresAt: '2026-04-10T08:00:00.000Z',
    current: false,
  },
];

type Options = {
  user?: Record<string, unknown>;
  /** A new e-mail address waiting for confirmation, as the profile gives it. */
  pendingEmail?: string;
  events?: UserEvent[];
  /** The account has the authenticator app on (GET /user/mfa says so, with ten recovery codes left). */
  appOn?: boolean;
  /** Extra or replaced answers, by 'METHOD /address'. */
  handlers?: Parameters<typeof mockApi>[0];
  /** Awaited before the profile update and MFA answers (to see the screen while it waits). */
  beforeWrite?: () => Promise<void>;
};

/** Starts the stand-in; returns the recorded calls and the user as the server now has it. */
export function profileServer({
  user: overrides = {},
  pendingEmail,
  events = EVENTS,
  appOn = false,
  handlers = {},
  beforeWrite = async () => undefined,
}: Options = {}) {
  const state = { user: apiUser(overrides) as unknown as User, pendingEmail };
  const profile = (message: string) => {
    const organisation = { id: 1, name: 'Coran-Hadith, Inc.', roleName: state.user.roleName };
    return {
      message,
      data: {
        user: state.user,
        ...(state.pendingEmail ? { pendingEmail: state.pendingEmail } : {}),
        events,
        roles: ROLES,
        organisation,
        organisations: [organisation],
      },
    };
  };
  const calls = mockApi({
    'GET /api/user/profile': () => profile('Profile Retrieved'),
    'GET /api/user/mfa': () => ({
      message: 'Multi-Factor Authentication Retrieved',
      data: {
        sms: state.user.usingMfa && state.user.phone !== null,
        totp: appOn,
        recoveryCodesLeft: appOn ? 10 : 0,
      },
    }),
    'GET /api/user/sessions': { message: 'Sessions retrieved', data: { sessions: SESSIONS } },
    'PATCH /api/user/update': async (call: RecordedCall) => {
      await beforeWrite();
      // The proof of a change of e-mail or phone is not kept; a new e-mail waits for its owner's confirmation.
      const {
        id: _id,
        currentPassword: _p,
        code: _c,
        email,
        ...fields
      } = call.body as Record<string, unknown>;
      state.user = { ...state.user, ...fields };
      if (String(email).toLowerCase() !== state.user.email.toLowerCase()) state.pendingEmail = String(email);
      return profile('User updated');
    },
    'POST /api/user/step-up/code': { message: 'Verification Code Sent' },
    'PATCH /api/user/togglemfa': async () => {
      await beforeWrite();
      state.user = { ...state.user, usingMfa: !state.user.usingMfa };
      return profile('Multi-Factor Authentication updated');
    },
    ...handlers,
  });
  return { calls, state };
}
