/**
 * The signed-in user's profile answer (GET /api/user/profile) for the screens' tests: as the signed-in bar
 * would have loaded it before a screen opens, or as a stand-in server answers it.
 */
import type { OrganisationSummary } from '@app/contracts';
import { apiQueryKey } from '../lib/http/cache-policy';
import { PROFILE_URL } from '../lib/own-profile';
import { queryClient } from '../lib/query-client';
import { apiUser } from './api-mock';

/** What each role may do (the seed's roles table). */
export const PERMISSIONS = {
  ROLE_USER: 'READ:USER,READ:CUSTOMER',
  ROLE_MANAGER: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER',
  ROLE_ADMIN: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER',
  ROLE_SYSADMIN:
    'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER,DELETE:USER,DELETE:CUSTOMER',
} as const;

type RoleName = keyof typeof PERMISSIONS;

/** A user with a role in their current organisation, and that role's permissions. */
export function userWithRole(roleName: RoleName, overrides: Record<string, unknown> = {}) {
  return apiUser({ roleName, permissions: PERMISSIONS[roleName], ...overrides });
}

export const DEMO_ORGANISATION = { id: 1, name: 'Coran-Hadith, Inc.' };

/** The profile answer of a user of `roleName` working in `organisation`, a member of `others` too. */
export function profileAnswer(
  roleName: RoleName,
  { organisation = DEMO_ORGANISATION, others = [] as OrganisationSummary[], user = {} } = {},
) {
  const current = { ...organisation, roleName };
  return {
    message: 'Profile Retrieved',
    data: {
      user: userWithRole(roleName, user),
      events: [],
      roles: [],
      organisation: current,
      organisations: [current, ...others],
    },
  };
}

/** Puts the profile in the cache, as the signed-in bar has it on every signed-in page. */
export function primeOwnProfile(roleName: RoleName, options: Parameters<typeof profileAnswer>[1] = {}) {
  queryClient.setQueryData(apiQueryKey(PROFILE_URL), profileAnswer(roleName, options));
}
