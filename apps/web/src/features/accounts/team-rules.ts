/**
 * What the Team page offers to whom, as pure functions. The server decides (apps/api role-rules.ts and
 * team.service.ts); these mirror its rules so the page only offers what it would accept.
 */
import type { Member, RoleName, User } from '@app/contracts';
import { grantableRoleNames, hasPermission, isAdministrator, isOwner, mayActOnRank } from '../../lib/roles';

type Me = Pick<User, 'id' | 'roleName' | 'permissions'>;

/** Owners rename their organisation. */
export function mayRename(me: Pick<User, 'roleName'>): boolean {
  return isOwner(me.roleName);
}

/** Owners sign every member out at once (their own other sessions too). */
export function maySignOutEveryone(me: Pick<User, 'roleName'>): boolean {
  return isOwner(me.roleName);
}

/** Administrators with CREATE:USER invite people, and see and withdraw the pending invitations. */
export function mayInvite(me: Me): boolean {
  return isAdministrator(me.roleName) && hasPermission(me, 'CREATE:USER');
}

/**
 * Whether `me` may change the role of, remove, and sign out this member: an administrator, for another member
 * of a lower rank (owners: of no higher rank). One's own role is changed on the profile screen (with its
 * warnings), one's own sessions ended there too; oneself leaves.
 */
export function mayManage(me: Me, member: Pick<Member, 'userId' | 'roleName'>): boolean {
  return (
    member.userId !== me.id && isAdministrator(me.roleName) && mayActOnRank(me.roleName, member.roleName)
  );
}

/** The roles `me` may give a member or an invited person: none above their own, weakest first. */
export function rolesToGive(me: Pick<User, 'roleName'>): RoleName[] {
  return grantableRoleNames(me.roleName);
}

export function memberName(member: Pick<Member, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}
