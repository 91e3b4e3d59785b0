/**
 * What the signed-in user may do in the business screens, from the role and permissions the server gives
 * them in their current organisation. Only which controls to offer: the server checks every call's
 * permission itself (a forced PUT by a plain user is refused with 403).
 */
import { BUSINESS_ACTION_PERMISSIONS, type BusinessAction, type User } from '@app/contracts';
import { hasPermission, roleLabel } from './roles';

type Holder = Pick<User, 'roleName' | 'permissions'> | undefined;

/**
 * SPEC §6: a ROLE_USER sees the customer profile form fully disabled; other roles may edit. A role the
 * server did not give UPDATE:CUSTOMER to cannot either (REFERENCE §1: managers and above have it).
 */
export function canEditCustomers(user: Holder): boolean {
  if (!user || user.roleName === 'ROLE_USER') return false;
  return hasPermission(user, 'UPDATE:CUSTOMER');
}

/** What a new record is, in the words of the screens that create one. */
export type Creation = 'customers' | 'invoices';

/**
 * Creating a customer and adding an invoice to one both need CREATE:CUSTOMER on the server (administrators
 * and owners); users and managers only read them.
 */
export function canCreateCustomersAndInvoices(user: Holder): boolean {
  return hasPermission(user, 'CREATE:CUSTOMER');
}

/**
 * Why the form is not offered, and whom to ask: the people who may change roles in the organisation. A
 * name that ends the sentence itself ("Coran-Hadith, Inc.") gets no second full stop.
 */
export function creationRefusal(user: Pick<User, 'roleName'>, what: Creation, organisation: string): string {
  const end = organisation.endsWith('.') ? '' : '.';
  return `Your role (${roleLabel(user.roleName)}) cannot create ${what}; ask an administrator of ${organisation}${end}`;
}

/** Whether the user's role is given an action of the contracts' table (a payment, an export, an import…). */
export function mayDoBusinessAction(user: Holder, action: BusinessAction): boolean {
  return hasPermission(user, BUSINESS_ACTION_PERMISSIONS[action]);
}
