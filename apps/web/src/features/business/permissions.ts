/**
 * What the signed-in user may do in the business screens. Only which controls to offer: the server checks
 * every call's permission itself (a forced PUT by a plain user is refused with 403).
 */
import type { User } from '@app/contracts';

/**
 * SPEC §6: a ROLE_USER sees the customer profile form fully disabled; other roles may edit. A role the
 * server did not give UPDATE:CUSTOMER to cannot either (REFERENCE §1: managers and above have it).
 */
export function canEditCustomers(user: Pick<User, 'roleName' | 'permissions'> | undefined): boolean {
  if (!user || user.roleName === 'ROLE_USER') return false;
  return user.permissions
    .split(',')
    .map((permission) => permission.trim())
    .includes('UPDATE:CUSTOMER');
}
