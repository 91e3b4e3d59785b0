/**
 * People in organisations (decision 17): the Team page's calls, invitations from both sides, and working in one
 * organisation at a time. Roles follow REFERENCE's rank rules within the organisation, which always keeps an
 * active owner.
 */
import type { ProfileData, TeamData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import {
  call,
  lastMessageTo,
  newOrganisation,
  PASSWORD,
  registerAndConfirm,
  signedInUser,
  tokensFor,
  uniqueEmail,
} from './support/accounts.js';
import { sqlRows } from './support/auth-helpers.js';
import { as, createCustomer } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const organisation = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
) => call(t, { method, url: `/api/organisation${path}`, token, payload });

/** The key of the invitation link in the newest e-mail to `email`. */
async function invitationKeyFor(email: string): Promise<string> {
  const message = await lastMessageTo(t, email);
  const match = /\/invitation\/([A-Za-z0-9_-]+)/.exec(message.body);
  if (!match?.[1]) throw new Error(`no invitation link in: ${message.body}`);
  return match[1];
}

async function ownerOfNewOrganisation(name = 'Librairie Al-Nour') {
  const organisationId = await newOrganisation(t, name);
  return signedInUser(t, 'ROLE_SYSADMIN', { organisationId });
}

describe('an invitation', () => {
  it('is sent by e-mail; the invited person creates an account from the link, joins with the role, and can log in', async () => {
    const owner = await ownerOfNewOrganisation();
    const email = uniqueEmail('invited');
    const sent = await organisation(owner.tokens.access, 'POST', '/invitations', {
      email,
      roleName: 'ROLE_MANAGER',
    });
    const team = expectSuccess<TeamData>(sent, `Invitation sent to ${email}`, 201);
    expect(team.invitations).toEqual([
      expect.objectContaining({ email, roleName: 'ROLE_MANAGER', invitedBy: 'Test ROLE_SYSADMIN' }),
    ]);
    const message = await lastMessageTo(t, email);
    expect(message.subject).toBe('Test ROLE_SYSADMIN invites you to Librairie Al-Nour on Coran-Hadith');
    expect(message.body).toContain('as Manager');
    const key = await invitationKeyFor(email);
    // Only a hash of the key is kept.
    expect(await sqlRows(t, sql`SELECT 1 FROM invitations WHERE key_hash = ${key}`)).toEqual([]);

    const seen = expectSuccess<{ invitation: object; accountExists: boolean }>(
      await call(t, { method: 'GET', url: `/api/organisation/invitation/${key}` }),
      'Invitation retrieved',
    );
    expect(seen).toEqual({
      invitation: expect.objectContaining({
        organisationName: 'Librairie Al-Nour',
        email,
        roleName: 'ROLE_MANAGER',
      }),
      accountExists: false,
    });

    const signUp = () =>
      call(t, {
        method: 'POST',
        url: `/api/organisation/invitation/${key}/signup`,
        payload: { firstName: 'Yasmine', lastName: 'Kaci', password: PASSWORD },
      });
    expectSuccess(await signUp(), 'User account created for user Yasmine. You can log in now.', 201);
    // The link works once.
    expectFailure(await signUp(), 400, /This invitation is not valid/);

    // No confirmation e-mail: the link proved the address. The account works in the organisation with the role.
    const { access } = await tokensFor(t, email);
    const profile = expectSuccess<ProfileData>(
      await call(t, { method: 'GET', url: '/api/user/profile', token: access }),
      'Profile Retrieved',
    );
    expect(profile.user.roleName).toBe('ROLE_MANAGER');
    expect(profile.organisations).toEqual([
      { id: owner.organisationId, name: 'Librairie Al-Nour', roleName: 'ROLE_MANAGER' },
    ]);
    const members = expectSuccess<TeamData>(await organisation(access, 'GET', '/team'), 'Team retrieved');
    expect(members.members.map((m) => [m.email, m.roleName])).toEqual(
      expect.arrayContaining([
        [email, 'ROLE_MANAGER'],
        [owner.email, 'ROLE_SYSADMIN'],
      ]),
    );
    // A manager may not see the pending invitations nor invite.
    expect(members.invitations).toEqual([]);
    expectFailure(
      await organisation(access, 'POST', '/invitations', { email: uniqueEmail(), roleName: 'ROLE_USER' }),
      403,
    );
  });

  it('is accepted by the existing account of the invited address, which then works in that organisation', async () => {
    const owner = await ownerOfNewOrganisation('Épicerie du Coin');
    const account = await registerAndConfirm(t);
    const { access } = await tokensFor(t, account.email);
    expectSuccess(
      await organisation(owner.tokens.access, 'POST', '/invitations', {
        email: account.email,
        roleName: 'ROLE_ADMIN',
      }),
      `Invitation sent to ${account.email}`,
      201,
    );
    const key = await invitationKeyFor(account.email);
    const described = await call(t, { method: 'GET', url: `/api/organisation/invitation/${key}` });
    expect(described.json().data.accountExists).toBe(true);

    // Another account cannot use the link.
    const stranger = await registerAndConfirm(t);
    const strangerToken = (await tokensFor(t, stranger.email)).access;
    expectFailure(
      await organisation(strangerToken, 'POST', `/invitation/${key}/accept`),
      403,
      /sent to another e-mail address/,
    );

    const accepted = expectSuccess<ProfileData>(
      await organisation(access, 'POST', `/invitation/${key}/accept`),
      'Invitation accepted',
    );
    expect(accepted.organisation).toEqual({
      id: owner.organisationId,
      name: 'Épicerie du Coin',
      roleName: 'ROLE_ADMIN',
    });
    // Its own organisation stays its own.
    expect(accepted.organisations.map((o) => o.roleName).sort()).toEqual(['ROLE_ADMIN', 'ROLE_SYSADMIN']);
    expectFailure(await organisation(access, 'POST', `/invitation/${key}/accept`), 400, /not valid/);
  });

  it('is refused for a role above the inviter’s, for a member, and when withdrawn, replaced or expired', async () => {
    const organisationId = await newOrganisation(t, 'Rank business');
    const admin = await signedInUser(t, 'ROLE_ADMIN', { organisationId });
    expectFailure(
      await organisation(admin.tokens.access, 'POST', '/invitations', {
        email: uniqueEmail(),
        roleName: 'ROLE_SYSADMIN',
      }),
      403,
    );
    expectFailure(
      await organisation(admin.tokens.access, 'POST', '/invitations', {
        email: admin.email,
        roleName: 'ROLE_USER',
      }),
      400,
      /is already a member of Rank business/,
    );
    const email = uniqueEmail('withdrawn');
    await organisation(admin.tokens.access, 'POST', '/invitations', { email, roleName: 'ROLE_USER' });
    const first = await invitationKeyFor(email);
    // Inviting again replaces the pending invitation: the first link stops working.
    const again = expectSuccess<TeamData>(
      await organisation(admin.tokens.access, 'POST', '/invitations', { email, roleName: 'ROLE_MANAGER' }),
      `Invitation sent to ${email}`,
      201,
    );
    expect(again.invitations.filter((i) => i.email === email)).toHaveLength(1);
    const second = await invitationKeyFor(email);
    expectFailure(
      await call(t, { method: 'GET', url: `/api/organisation/invitation/${first}` }),
      400,
      /not valid/,
    );
    const pending = again.invitations.find((i) => i.email === email);
    expectSuccess(
      await organisation(admin.tokens.access, 'DELETE', `/invitations/${pending?.id}`),
      'Invitation withdrawn',
    );
    expectFailure(
      await call(t, { method: 'GET', url: `/api/organisation/invitation/${second}` }),
      400,
      /not valid/,
    );

    const late = uniqueEmail('late');
    await organisation(admin.tokens.access, 'POST', '/invitations', { email: late, roleName: 'ROLE_USER' });
    const lateKey = await invitationKeyFor(late);
    await t.database.db.execute(
      sql`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = ${late}`,
    );
    expectFailure(
      await call(t, { method: 'GET', url: `/api/organisation/invitation/${lateKey}` }),
      400,
      /not valid/,
    );
  });
});

describe('the team', () => {
  it('is changed by rank: roles, removal, never the last owner; a member may leave', async () => {
    const organisationId = await newOrganisation(t, 'Team business');
    const owner = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId });
    const admin = await signedInUser(t, 'ROLE_ADMIN', { organisationId });
    const user = await signedInUser(t, 'ROLE_USER', { organisationId });

    // Roles are changed with the seed's call, within the organisation.
    const role = (token: string, roleName: string, userId: number) =>
      call(t, { method: 'PATCH', url: `/api/user/update/role/${roleName}?userId=${userId}`, token });
    expectSuccess(await role(admin.tokens.access, 'ROLE_MANAGER', user.id), 'Role updated successfully');
    expectFailure(await role(admin.tokens.access, 'ROLE_USER', owner.id), 403);
    expectFailure(await role(user.tokens.access, 'ROLE_ADMIN', user.id), 403);

    // An administrator may not remove an owner; the last owner may not leave.
    expectFailure(await organisation(admin.tokens.access, 'DELETE', `/members/${owner.id}`), 403);
    expectFailure(
      await organisation(owner.tokens.access, 'DELETE', `/members/${owner.id}`),
      400,
      /last active owner/,
    );
    const afterRemoval = expectSuccess<TeamData>(
      await organisation(admin.tokens.access, 'DELETE', `/members/${user.id}`),
      'Member removed',
    );
    expect(afterRemoval.members.map((m) => m.userId)).not.toContain(user.id);
    // Removed from the only organisation it had, the user now works in a new one of its own, as its owner.
    const removed = expectSuccess<ProfileData>(
      await call(t, { method: 'GET', url: '/api/user/profile', token: user.tokens.access }),
      'Profile Retrieved',
    );
    expect(removed.organisations).toEqual([expect.objectContaining({ roleName: 'ROLE_SYSADMIN' })]);
    expect(removed.organisation.id).not.toBe(organisationId);
    expect((await as(t, user.tokens.access)('GET', '/list')).json().data.stats).toEqual({
      totalCustomers: 0,
      totalInvoices: 0,
      totalBilled: 0,
    });

    // The administrator leaves by removing itself, and works in its own organisation from then on.
    const left = expectSuccess<TeamData>(
      await organisation(admin.tokens.access, 'DELETE', `/members/${admin.id}`),
      'You left the organisation',
    );
    expect(left.organisation.id).not.toBe(organisationId);

    // Owners rename their organisation; others may not.
    expectSuccess(
      await organisation(owner.tokens.access, 'PATCH', '/', { name: 'Renamed business' }),
      'Organisation renamed',
    );
    const renamed = expectSuccess<TeamData>(
      await organisation(owner.tokens.access, 'GET', '/team'),
      'Team retrieved',
    );
    expect(renamed.organisation.name).toBe('Renamed business');
    expect(renamed.members.map((m) => m.userId)).toEqual([owner.id]);
  });
});

describe("an administrator and another member's account", () => {
  it('changes its details or its access only when the account belongs to no other organisation', async () => {
    const organisationId = await newOrganisation(t, 'Shared business');
    const admin = await signedInUser(t, 'ROLE_ADMIN', { organisationId });
    const onlyHere = await signedInUser(t, 'ROLE_USER', { organisationId });
    const alsoElsewhere = await signedInUser(t, 'ROLE_USER', { organisationId });
    const elsewhere = await newOrganisation(t, 'Elsewhere business');
    await t.database.db.execute(
      sql`INSERT INTO memberships (organisation_id, user_id, role_id) VALUES (${elsewhere}, ${alsoElsewhere.id}, 4)`,
    );
    const details = (target: { id: number; email: string }) =>
      call(t, {
        method: 'PATCH',
        url: '/api/user/update',
        token: admin.tokens.access,
        payload: { id: target.id, firstName: 'Changed', lastName: 'By Admin', email: target.email },
      });
    const access = (target: { id: number }) =>
      call(t, {
        method: 'PATCH',
        url: `/api/user/update/settings?userId=${target.id}`,
        token: admin.tokens.access,
        payload: { enabled: true, notLocked: false },
      });
    expectSuccess(await details(onlyHere), 'User updated');
    expectSuccess(await access(onlyHere), 'Account settings updated successfully');
    // The other organisation, which it owns, relies on this account: its administrator there decides, not this one.
    expectFailure(await details(alsoElsewhere), 403, /also belongs to other organisations/);
    expectFailure(await access(alsoElsewhere), 403, /also belongs to other organisations/);
    const [stored] = await sqlRows<{ first_name: string; not_locked: boolean }>(
      t,
      sql`SELECT first_name, not_locked FROM users WHERE id = ${alsoElsewhere.id}`,
    );
    expect(stored).toEqual({ first_name: 'Test', not_locked: true });
    // Its role in this organisation is this organisation's to change.
    expectSuccess(
      await call(t, {
        method: 'PATCH',
        url: `/api/user/update/role/ROLE_MANAGER?userId=${alsoElsewhere.id}`,
        token: admin.tokens.access,
      }),
      'Role updated successfully',
    );
  });
});

describe('working in one organisation at a time', () => {
  it('switches between one’s organisations: the role, the customers and the totals follow', async () => {
    const first = await newOrganisation(t, 'First business');
    const member = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId: first });
    const second = await newOrganisation(t, 'Second business');
    await t.database.db.execute(
      sql`INSERT INTO memberships (organisation_id, user_id, role_id) VALUES (${second}, ${member.id}, 1)`,
    );
    const token = member.tokens.access;
    await createCustomer(t, token, { name: 'Customer of the first' });
    const stats = async () => (await as(t, token)('GET', '/list')).json().data.stats.totalCustomers as number;
    expect(await stats()).toBe(1);

    const switched = expectSuccess<ProfileData>(
      await organisation(token, 'PUT', `/current/${second}`),
      'Organisation switched',
    );
    expect(switched.organisation).toEqual({ id: second, name: 'Second business', roleName: 'ROLE_USER' });
    expect(switched.user.roleName).toBe('ROLE_USER');
    expect(await stats()).toBe(0);
    // A user there: may read, not create.
    expectFailure(await as(t, token)('POST', '/create', { name: 'x' }), 403);

    expectSuccess(await organisation(token, 'PUT', `/current/${first}`), 'Organisation switched');
    expect(await stats()).toBe(1);
    // An organisation it does not belong to is "not found", whether it exists or not.
    const stranger = await newOrganisation(t, 'Stranger business');
    expectFailure(
      await organisation(token, 'PUT', `/current/${stranger}`),
      404,
      `No organisation with ID ${stranger}`,
    );
    expectFailure(await organisation(token, 'PUT', '/current/999999'), 404, 'No organisation with ID 999999');
  });
});
