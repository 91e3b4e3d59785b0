/**
 * A stand-in for the server's profile calls in the profile screen's tests: it keeps one user, answers
 * GET /user/profile with it, and applies the PATCH calls the way the server does.
 */
import type { Role, User, UserEvent } from '@app/contracts';
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

type Options = {
  user?: Record<string, unknown>;
  events?: UserEvent[];
  /** Extra or replaced answers, by 'METHOD /address'. */
  handlers?: Parameters<typeof mockApi>[0];
  /** Awaited before the profile update and MFA answers (to see the screen while it waits). */
  beforeWrite?: () => Promise<void>;
};

/** Starts the stand-in; returns the recorded calls and the user as the server now has it. */
export function profileServer({
  user: overrides = {},
  events = EVENTS,
  handlers = {},
  beforeWrite = async () => undefined,
}: Options = {}) {
  const state = { user: apiUser(overrides) as unknown as User };
  const profile = (message: string) => {
    const organisation = { id: 1, name: 'Coran-Hadith, Inc.', roleName: state.user.roleName };
    return {
      message,
      data: { user: state.user, events, roles: ROLES, organisation, organisations: [organisation] },
    };
  };
  const calls = mockApi({
    'GET /api/user/profile': () => profile('Profile Retrieved'),
    'PATCH /api/user/update': async (call: RecordedCall) => {
      await beforeWrite();
      const { id: _id, ...fields } = call.body as Record<string, unknown>;
      state.user = { ...state.user, ...fields };
      return profile('User updated');
    },
    'PATCH /api/user/togglemfa': async () => {
      await beforeWrite();
      state.user = { ...state.user, usingMfa: !state.user.usingMfa };
      return profile('Multi-Factor Authentication updated');
    },
    ...handlers,
  });
  return { calls, state };
}
