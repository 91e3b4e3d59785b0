import { describe, expect, it } from 'vitest';
import type { Member } from '@app/contracts';
import { mayInvite, mayManage, mayRename, maySignOutEveryone, memberName, rolesToGive } from './team-rules';

const ADMIN_PERMISSIONS = 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER';
const me = (roleName: Member['roleName'], permissions = ADMIN_PERMISSIONS) => ({
  id: 7,
  roleName,
  permissions,
});
const member = (userId: number, roleName: Member['roleName']) => ({ userId, roleName });

describe('the Team page rules', () => {
  it('lets only owners rename the organisation and sign everyone out', () => {
    expect(mayRename({ roleName: 'ROLE_SYSADMIN' })).toBe(true);
    expect(mayRename({ roleName: 'ROLE_ADMIN' })).toBe(false);
    expect(maySignOutEveryone({ roleName: 'ROLE_SYSADMIN' })).toBe(true);
    expect(maySignOutEveryone({ roleName: 'ROLE_ADMIN' })).toBe(false);
  });

  it('lets administrators with CREATE:USER invite', () => {
    expect(mayInvite(me('ROLE_ADMIN'))).toBe(true);
    expect(mayInvite(me('ROLE_SYSADMIN'))).toBe(true);
    expect(mayInvite(me('ROLE_MANAGER', 'READ:USER,UPDATE:USER'))).toBe(false);
    expect(mayInvite(me('ROLE_ADMIN', 'READ:USER'))).toBe(false);
  });

  it('lets administrators manage others of a lower rank, owners each other too, never themselves', () => {
    expect(mayManage(me('ROLE_ADMIN'), member(8, 'ROLE_USER'))).toBe(true);
    expect(mayManage(me('ROLE_ADMIN'), member(8, 'ROLE_ADMIN'))).toBe(false);
    expect(mayManage(me('ROLE_SYSADMIN'), member(8, 'ROLE_ADMIN'))).toBe(true);
    expect(mayManage(me('ROLE_ADMIN'), member(8, 'ROLE_SYSADMIN'))).toBe(false);
    expect(mayManage(me('ROLE_ADMIN'), member(7, 'ROLE_ADMIN'))).toBe(false);
    expect(mayManage(me('ROLE_MANAGER'), member(8, 'ROLE_USER'))).toBe(false);
    expect(mayManage(me('ROLE_SYSADMIN'), member(8, 'ROLE_SYSADMIN'))).toBe(true);
  });

  it('offers the roles up to the caller’s own', () => {
    expect(rolesToGive({ roleName: 'ROLE_ADMIN' })).toEqual(['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN']);
    expect(memberName({ firstName: 'Yusuf', lastName: 'Martin' })).toBe('Yusuf Martin');
  });
});
