/**
 * Administrators end the sessions of one member, owners those of everyone (ASVS 5.0 7.4.5): POST
 * /api/organisation/members/{userId}/sign-out and POST /api/organisation/sign-out-all. The tokens of an ended
 * session stop working at once, while the account may log in again; the rank rules are those of a role change,
 * and another organisation's people answer as unknown ids.
 */
import { SignedOutDataSchema, type RoleName } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REVOKED } from '../src/modules/auth/sessions.js';
import { SIGN_OUT_YOURSELF } from '../src/modules/organisations/sign-out.service.js';
import {
  call,
  newOrganisation,
  signedInUser,
  storedEventTypes,
  storedUser,
  tokensFor,
} from './support/accounts.js';
import { expectFailure, expectSuccess, NO_PERMISSION, NOT_LOGGED_IN } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Tokens = { access: string; refresh: string };

const signOut = (token: string, userId: number | string) =>
  call(t, { method: 'POST', url: `/api/organisation/members/${userId}/sign-out`, token });
const signOutAll = (token: string) =>
  call(t, { method: 'POST', url: '/api/organisation/sign-out-all', token });
const profile = (token: string) => call(t, { method: 'GET', url: '/api/user/profile', token });
const refresh = (token: string) => call(t, { method: 'GET', url: '/api/user/refresh/token', token });

/** How many sessions the answer says were ended, checked against the shared answer schema. */
function endedSessions(data: unknown): number {
  return SignedOutDataSchema.parse(data).endedSessions;
}

/** Both tokens of a session are refused at once: the access token by the guard, the refresh token by rotation. */
async function expectEnded(tokens: Tokens) {
  expectFailure(await profile(tokens.access), 401, NOT_LOGGED_IN);
  expectFailure(await refresh(tokens.refresh), 401, SESSION_REVOKED);
}

/** Both tokens of a session still work (the refresh token is used up: call once per session). */
async function expectWorking(tokens: Tokens) {
  expect((await profile(tokens.access)).statusCode).toBe(200);
  expect((await refresh(tokens.refresh)).statusCode).toBe(200);
}

/** A new organisation with a signed-in member of each role asked for, in that order. */
async function organisationWith(...roles: RoleName[]) {
  const organisationId = await newOrganisation(t, 'Librairie Al-Nour');
  const members = [];
  for (const role of roles) members.push(await signedInUser(t, role, { organisationId }));
  return { members };
}

describe('signing out a member', () => {
  it('ends every session of the member at once; the account stays enabled, unlocked, and logs in again', async () => {
    const {
      members: [owner, user],
    } = await organisationWith('ROLE_SYSADMIN', 'ROLE_USER');
    if (!owner || !user) throw new Error('members missing');
    const otherDevice = await tokensFor(t, user.email);

    const data = expectSuccess(await signOut(owner.tokens.access, user.id), 'Member signed out');
    expect(endedSessions(data)).toBe(2);
    await expectEnded(user.tokens);
    await expectEnded(otherDevice);
    // Recorded on the account signed out, which is neither disabled nor locked: a login opens a new session.
    expect((await storedEventTypes(t, user.id)).at(-1)).toBe('ACCOUNT_SETTINGS_UPDATE');
    expect(await storedUser(t, user.id)).toMatchObject({ enabled: true, notLocked: true });
    await expectWorking(await tokensFor(t, user.email));
    // The administrator's own session goes on.
    await expectWorking(owner.tokens);
  });

  it('lets an administrator sign out a manager or a user, never another administrator nor an owner', async () => {
    const {
      members: [owner, admin, otherAdmin, manager, user],
    } = await organisationWith('ROLE_SYSADMIN', 'ROLE_ADMIN', 'ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_USER');
    if (!owner || !admin || !otherAdmin || !manager || !user) throw new Error('members missing');

    expectFailure(await signOut(admin.tokens.access, owner.id), 403, NO_PERMISSION);
    expectFailure(await signOut(admin.tokens.access, otherAdmin.id), 403, NO_PERMISSION);
    await expectWorking(owner.tokens);
    await expectWorking(otherAdmin.tokens);

    expectSuccess(await signOut(admin.tokens.access, manager.id), 'Member signed out');
    expectSuccess(await signOut(admin.tokens.access, user.id), 'Member signed out');
    await expectEnded(manager.tokens);
    await expectEnded(user.tokens);
  });

  it('lets an owner sign out an administrator and another owner', async () => {
    const {
      members: [owner, otherOwner, admin],
    } = await organisationWith('ROLE_SYSADMIN', 'ROLE_SYSADMIN', 'ROLE_ADMIN');
    if (!owner || !otherOwner || !admin) throw new Error('members missing');

    expect(
      endedSessions(expectSuccess(await signOut(owner.tokens.access, admin.id), 'Member signed out')),
    ).toBe(1);
    expectSuccess(await signOut(owner.tokens.access, otherOwner.id), 'Member signed out');
    await expectEnded(admin.tokens);
    await expectEnded(otherOwner.tokens);
    await expectWorking(owner.tokens);
  });

  it('refuses a manager and a plain user, whatever the rank of the member', async () => {
    const {
      members: [owner, manager, user, otherUser],
    } = await organisationWith('ROLE_SYSADMIN', 'ROLE_MANAGER', 'ROLE_USER', 'ROLE_USER');
    if (!owner || !manager || !user || !otherUser) throw new Error('members missing');

    expectFailure(await signOut(manager.tokens.access, user.id), 403, NO_PERMISSION);
    expectFailure(await signOut(user.tokens.access, otherUser.id), 403, NO_PERMISSION);
    expectFailure(await signOut(user.tokens.access, owner.id), 403, NO_PERMISSION);
    await expectWorking(user.tokens);
    await expectWorking(otherUser.tokens);
  });

  it('answers a member of another organisation as an unknown id (404), and their sessions go on', async () => {
    const {
      members: [owner],
    } = await organisationWith('ROLE_SYSADMIN');
    if (!owner) throw new Error('owner missing');
    const stranger = await signedInUser(t, 'ROLE_USER', { organisationId: await newOrganisation(t) });

    const refused = expectFailure(await signOut(owner.tokens.access, stranger.id), 404);
    // Word for word what removing them answers, so neither call tells a stranger's id from an unused one.
    const removing = await call(t, {
      method: 'DELETE',
      url: `/api/organisation/members/${stranger.id}`,
      token: owner.tokens.access,
    });
    expect(refused).toBe(expectFailure(removing, 404));
    expect(refused).toBe(`No user with ID ${stranger.id}`);
    expect(await storedEventTypes(t, stranger.id)).not.toContain('ACCOUNT_SETTINGS_UPDATE');
    await expectWorking(stranger.tokens);
  });

  it('refuses one’s own id, which the profile’s sessions serve (400), and the session goes on', async () => {
    const {
      members: [owner],
    } = await organisationWith('ROLE_SYSADMIN');
    if (!owner) throw new Error('owner missing');
    expectFailure(await signOut(owner.tokens.access, owner.id), 400, SIGN_OUT_YOURSELF);
    await expectWorking(owner.tokens);
  });

  it('refuses an id that is not a number, and a call without a token, in the envelope', async () => {
    const {
      members: [owner],
    } = await organisationWith('ROLE_SYSADMIN');
    if (!owner) throw new Error('owner missing');
    expectFailure(await signOut(owner.tokens.access, 'abc'), 400, /ID must be a number/);
    expectFailure(await signOut(owner.tokens.access, '-3'), 400, /ID must be a positive number/);
    expectFailure(
      await call(t, { method: 'POST', url: `/api/organisation/members/${owner.id}/sign-out` }),
      401,
    );
  });
});

describe('signing everyone out', () => {
  it("ends every session of every member, the owner's others too, but not the one asking", async () => {
    const {
      members: [owner, admin, user],
    } = await organisationWith('ROLE_SYSADMIN', 'ROLE_ADMIN', 'ROLE_USER');
    if (!owner || !admin || !user) throw new Error('members missing');
    const ownersPhone = await tokensFor(t, owner.email);
    const usersPhone = await tokensFor(t, user.email);
    const stranger = await signedInUser(t, 'ROLE_USER', { organisationId: await newOrganisation(t) });

    const answer = await signOutAll(owner.tokens.access);
    for (const ended of [ownersPhone, admin.tokens, user.tokens, usersPhone]) await expectEnded(ended);
    await expectWorking(owner.tokens);
    // Another organisation's people are none of this owner's business.
    await expectWorking(stranger.tokens);
    const data = expectSuccess(answer, 'Everyone signed out: 4 sessions ended');
    expect(endedSessions(data)).toBe(4);
    for (const member of [owner, admin, user]) {
      expect((await storedEventTypes(t, member.id)).at(-1)).toBe('ACCOUNT_SETTINGS_UPDATE');
    }
    // Everyone may log in again.
    await expectWorking(await tokensFor(t, user.email));
  });

  it('is for owners only: an administrator, a manager or a user gets 403 and no session ends', async () => {
    const {
      members: [owner, admin, manager, user],
    } = await organisationWith('ROLE_SYSADMIN', 'ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_USER');
    if (!owner || !admin || !manager || !user) throw new Error('members missing');

    for (const caller of [admin, manager, user]) {
      expectFailure(await signOutAll(caller.tokens.access), 403, NO_PERMISSION);
    }
    for (const member of [owner, admin, manager, user]) await expectWorking(member.tokens);
  });
});
