/**
 * Who may do what with the /api/user calls: every protected call for every role and for an anonymous
 * client, then the rules of role and settings changes (ranks, the last system administrator, changes
 * taking effect at once), checked on the server and in the database.
 */
import type { ProfileData, RoleName } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createUserWithRole,
  login,
  newAddress,
  signedInUser,
  storedEventTypes,
  storedUser,
  tokensFor,
} from './support/accounts.js';
import { imageUpload, tinyPng } from './support/images.js';
import { turnOnSmsFactor } from './support/auth-helpers.js';
import { expectFailure, expectSuccess, NO_PERMISSION, NOT_LOGGED_IN, updateBody } from './support/profile.js';
import { ROLES } from './support/customers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADMINISTRATORS: RoleName[] = ['ROLE_ADMIN', 'ROLE_SYSADMIN'];
const LAST_SYSADMIN = /last active owner \(system administrator\)/;
/** In E.164, as phones are stored: the own-profile update below sends it back unchanged (no step-up). */
const PHONE = '+33644444444';

let phoneCounter = 0;
const nextPhone = () => `+33 7 00 00 ${String((phoneCounter += 1)).padStart(4, '0')}`;

function role(app: TestApp, token: string | undefined, roleName: string, userId?: number | string) {
  const query = userId === undefined ? '' : `?userId=${userId}`;
  return call(app, { method: 'PATCH', url: `/api/user/update/role/${roleName}${query}`, token });
}

function settings(
  app: TestApp,
  token: string | undefined,
  values: { enabled: boolean; notLocked: boolean },
  userId?: number,
) {
  const query = userId === undefined ? '' : `?userId=${userId}`;
  return call(app, { method: 'PATCH', url: `/api/user/update/settings${query}`, token, payload: values });
}

function profile(app: TestApp, token: string) {
  return call(app, { method: 'GET', url: '/api/user/profile', token });
}

type Actor = { id: number; email: string; token: string | undefined };
type Sent = { res: LightMyRequestResponse; took: () => Promise<boolean> };
type ProtectedCall = {
  name: string;
  /** The roles that may make it; the others get 403, an anonymous client 401. */
  allowed: RoleName[];
  message: string;
  /** Sends the call as the actor; `took` tells from the database whether it had its effect. */
  send(actor: Actor): Promise<Sent>;
};

const CALLS: ProtectedCall[] = [
  {
    name: 'GET profile',
    allowed: ROLES,
    message: 'Profile Retrieved',
    async send(actor) {
      const res = await call(t, { method: 'GET', url: '/api/user/profile', token: actor.token });
      return { res, took: async () => res.statusCode === 200 && res.json().data.user.id === actor.id };
    },
  },
  {
    name: 'PATCH update (own profile)',
    allowed: ROLES,
    message: 'User updated',
    async send(actor) {
      const payload = updateBody(actor, { phone: PHONE, title: 'Own title' });
      const res = await call(t, { method: 'PATCH', url: '/api/user/update', token: actor.token, payload });
      return { res, took: async () => (await storedUser(t, actor.id)).title === 'Own title' };
    },
  },
  {
    name: 'PATCH update (a ROLE_USER)',
    allowed: ['ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_SYSADMIN'],
    message: 'User updated',
    async send(actor) {
      const target = await createUserWithRole(t, 'ROLE_USER');
      const payload = updateBody(target, { title: 'Set by someone else' });
      const res = await call(t, { method: 'PATCH', url: '/api/user/update', token: actor.token, payload });
      return { res, took: async () => (await storedUser(t, target.id)).title === 'Set by someone else' };
    },
  },
  {
    name: 'PATCH update/password',
    allowed: ROLES,
    message: 'Password updated successfully',
    async send(actor) {
      const before = (await storedUser(t, actor.id)).passwordHash;
      const payload = {
        currentPassword: 'correct horse battery',
        newPassword: 'new horse battery',
        confirmNewPassword: 'new horse battery',
      };
      const res = await call(t, {
        method: 'PATCH',
        url: '/api/user/update/password',
        token: actor.token,
        payload,
      });
      return { res, took: async () => (await storedUser(t, actor.id)).passwordHash !== before };
    },
  },
  {
    name: 'PATCH update/role (own, same role)',
    allowed: ADMINISTRATORS,
    message: 'Role updated successfully',
    async send(actor) {
      const own = (await storedUser(t, actor.id)).roleName;
      const res = await role(t, actor.token, own);
      return { res, took: async () => (await storedEventTypes(t, actor.id)).includes('ROLE_UPDATE') };
    },
  },
  {
    name: 'PATCH update/role?userId= (a ROLE_USER made ROLE_MANAGER)',
    allowed: ADMINISTRATORS,
    message: 'Role updated successfully',
    async send(actor) {
      const target = await createUserWithRole(t, 'ROLE_USER');
      const res = await role(t, actor.token, 'ROLE_MANAGER', target.id);
      return { res, took: async () => (await storedUser(t, target.id)).roleName === 'ROLE_MANAGER' };
    },
  },
  {
    name: 'PATCH update/settings (own)',
    allowed: ADMINISTRATORS,
    message: 'Account settings updated successfully',
    async send(actor) {
      const res = await settings(t, actor.token, { enabled: true, notLocked: true });
      return {
        res,
        took: async () => (await storedEventTypes(t, actor.id)).includes('ACCOUNT_SETTINGS_UPDATE'),
      };
    },
  },
  {
    name: 'PATCH update/settings?userId= (lock a ROLE_USER)',
    allowed: ADMINISTRATORS,
    message: 'Account settings updated successfully',
    async send(actor) {
      const target = await createUserWithRole(t, 'ROLE_USER');
      const res = await settings(t, actor.token, { enabled: true, notLocked: false }, target.id);
      return { res, took: async () => (await storedUser(t, target.id)).notLocked === false };
    },
  },
  {
    name: 'PATCH togglemfa',
    allowed: ROLES,
    message: 'Multi-Factor Authentication updated',
    async send(actor) {
      // Anonymous: no code can be asked for, and the toggle itself is refused.
      const res = actor.token
        ? await turnOnSmsFactor(t, actor.token, PHONE)
        : await call(t, { method: 'PATCH', url: '/api/user/togglemfa' });
      return { res, took: async () => (await storedUser(t, actor.id)).usingMfa };
    },
  },
  {
    name: 'PATCH update/image',
    allowed: ROLES,
    message: 'Profile image updated',
    async send(actor) {
      const res = await call(t, {
        method: 'PATCH',
        url: '/api/user/update/image',
        token: actor.token,
        ...imageUpload(tinyPng()),
      });
      return { res, took: async () => (await storedUser(t, actor.id)).imageUrl !== null };
    },
  },
];

describe.each([...ROLES, 'anonymous' as const])('as %s', (who) => {
  it.each(CALLS.map((c) => [c.name, c] as const))('%s', async (_name, protectedCall) => {
    const account = await createUserWithRole(t, who === 'anonymous' ? 'ROLE_USER' : who, { phone: PHONE });
    const token = who === 'anonymous' ? undefined : (await tokensFor(t, account.email)).access;
    const { res, took } = await protectedCall.send({ ...account, token });
    if (who === 'anonymous') {
      expectFailure(res, 401, NOT_LOGGED_IN);
      expect(await took()).toBe(false);
    } else if (protectedCall.allowed.includes(who)) {
      expectSuccess(res, protectedCall.message);
      expect(await took()).toBe(true);
    } else {
      expectFailure(res, 403, NO_PERMISSION);
      expect(await took()).toBe(false);
    }
  });

  if (who !== 'anonymous') {
    it('is refused with 401 when the token is not one of ours', async () => {
      for (const token of ['not-a-jwt', 'null', `${(await signedInUser(t, who)).tokens.access}x`]) {
        expectFailure(await profile(t, token), 401);
      }
    });
  }
});

describe('role changes', () => {
  it('an administrator cannot grant ROLE_SYSADMIN, to anyone', async () => {
    const admin = await signedInUser(t, 'ROLE_ADMIN');
    const user = await createUserWithRole(t, 'ROLE_USER');
    expectFailure(await role(t, admin.tokens.access, 'ROLE_SYSADMIN'), 403, NO_PERMISSION);
    expectFailure(await role(t, admin.tokens.access, 'ROLE_SYSADMIN', user.id), 403, NO_PERMISSION);
    expectFailure(await role(t, admin.tokens.access, 'ROLE_SYSADMIN', admin.id), 403, NO_PERMISSION);
    expect((await storedUser(t, admin.id)).roleName).toBe('ROLE_ADMIN');
    expect((await storedUser(t, user.id)).roleName).toBe('ROLE_USER');
  });

  it('an administrator cannot act on a system administrator', async () => {
    const admin = await signedInUser(t, 'ROLE_ADMIN');
    const sysadmin = await createUserWithRole(t, 'ROLE_SYSADMIN');
    expectFailure(await role(t, admin.tokens.access, 'ROLE_USER', sysadmin.id), 403, NO_PERMISSION);
    expectFailure(
      await settings(t, admin.tokens.access, { enabled: false, notLocked: true }, sysadmin.id),
      403,
      NO_PERMISSION,
    );
    expectFailure(
      await settings(t, admin.tokens.access, { enabled: true, notLocked: false }, sysadmin.id),
      403,
      NO_PERMISSION,
    );
    expect(await storedUser(t, sysadmin.id)).toMatchObject({
      roleName: 'ROLE_SYSADMIN',
      enabled: true,
      notLocked: true,
    });
    expect(await storedEventTypes(t, sysadmin.id)).toEqual([]);
  });

  it('an administrator may change an account below their rank, up to their own role, never one of equal rank', async () => {
    const admin = await signedInUser(t, 'ROLE_ADMIN');
    const otherAdmin = await createUserWithRole(t, 'ROLE_ADMIN');
    const manager = await createUserWithRole(t, 'ROLE_MANAGER');
    // One administrator neither demotes nor disables another (issue: equal or higher rank).
    expectFailure(await role(t, admin.tokens.access, 'ROLE_MANAGER', otherAdmin.id), 403, NO_PERMISSION);
    const disable = await call(t, {
      method: 'PATCH',
      url: `/api/user/update/settings?userId=${otherAdmin.id}`,
      token: admin.tokens.access,
      payload: { enabled: false, notLocked: true },
    });
    expectFailure(disable, 403, NO_PERMISSION);
    expect(await storedUser(t, otherAdmin.id)).toMatchObject({ roleName: 'ROLE_ADMIN', enabled: true });
    expect(await storedEventTypes(t, otherAdmin.id)).toEqual([]);

    const res = await role(t, admin.tokens.access, 'ROLE_ADMIN', manager.id);
    // The answer is the profile of the account changed.
    expect(expectSuccess<ProfileData>(res, 'Role updated successfully').user).toMatchObject({
      id: manager.id,
      roleName: 'ROLE_ADMIN',
    });
    expect((await storedUser(t, manager.id)).roleName).toBe('ROLE_ADMIN');
    expect(await storedEventTypes(t, manager.id)).toEqual(['ROLE_UPDATE']);
  });

  it('owners (system administrators) manage each other', async () => {
    const owner = await signedInUser(t, 'ROLE_SYSADMIN');
    const coOwner = await createUserWithRole(t, 'ROLE_SYSADMIN', { organisationId: owner.organisationId });
    expectSuccess(await role(t, owner.tokens.access, 'ROLE_ADMIN', coOwner.id), 'Role updated successfully');
    expect((await storedUser(t, coOwner.id)).roleName).toBe('ROLE_ADMIN');
  });

  it('a system administrator may grant any role, ROLE_SYSADMIN included', async () => {
    const sysadmin = await signedInUser(t, 'ROLE_SYSADMIN');
    const user = await createUserWithRole(t, 'ROLE_USER');
    for (const roleName of [...ROLES].reverse()) {
      expectSuccess(await role(t, sysadmin.tokens.access, roleName, user.id), 'Role updated successfully');
      expect((await storedUser(t, user.id)).roleName).toBe(roleName);
    }
  });

  it.each(['ROLE_GOD', 'role_admin', 'ADMIN', 'ROLE_ADMIN ', 'ROLE_USER,ROLE_SYSADMIN'])(
    'refuses the unknown role name "%s" with 400',
    async (roleName) => {
      const sysadmin = await signedInUser(t, 'ROLE_SYSADMIN');
      const user = await createUserWithRole(t, 'ROLE_USER');
      expectFailure(
        await role(t, sysadmin.tokens.access, encodeURIComponent(roleName), user.id),
        400,
        /^Invalid params: roleName:/,
      );
      expect((await storedUser(t, user.id)).roleName).toBe('ROLE_USER');
    },
  );

  it('answers 404 for an unknown ?userId=', async () => {
    const sysadmin = await signedInUser(t, 'ROLE_SYSADMIN');
    expectFailure(await role(t, sysadmin.tokens.access, 'ROLE_USER', 987654321), 404, /987654321/);
    expectFailure(
      await settings(t, sysadmin.tokens.access, { enabled: false, notLocked: false }, 987654321),
      404,
      /987654321/,
    );
    expect(await storedUser(t, sysadmin.id)).toMatchObject({
      roleName: 'ROLE_SYSADMIN',
      enabled: true,
      notLocked: true,
    });
  });

  it('refuses malformed settings', async () => {
    const sysadmin = await signedInUser(t, 'ROLE_SYSADMIN');
    const user = await createUserWithRole(t, 'ROLE_USER');
    for (const payload of [{ enabled: 'false', notLocked: true }, { enabled: false }, {}]) {
      const res = await call(t, {
        method: 'PATCH',
        url: `/api/user/update/settings?userId=${user.id}`,
        token: sysadmin.tokens.access,
        payload,
      });
      expectFailure(res, 400, /^Invalid body: /);
    }
    expect(await storedUser(t, user.id)).toMatchObject({ enabled: true, notLocked: true });
  });

  it("takes effect at once: the account's next call has the new permissions", async () => {
    const sysadmin = await signedInUser(t, 'ROLE_SYSADMIN');
    const user = await signedInUser(t, 'ROLE_USER');
    const colleague = await createUserWithRole(t, 'ROLE_USER');
    const editColleague = () =>
      call(t, {
        method: 'PATCH',
        url: '/api/user/update',
        token: user.tokens.access,
        payload: updateBody(colleague, { title: 'Edited' }),
      });
    expectFailure(await editColleague(), 403, NO_PERMISSION);

    expectSuccess(
      await role(t, sysadmin.tokens.access, 'ROLE_MANAGER', user.id),
      'Role updated successfully',
    );
    // The same access token, issued while the account was ROLE_USER.
    const promoted = expectSuccess<ProfileData>(
      await profile(t, user.tokens.access),
      'Profile Retrieved',
    ).user;
    expect(promoted).toMatchObject({
      roleName: 'ROLE_MANAGER',
      permissions: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER',
    });
    expectSuccess(await editColleague(), 'User updated');

    expectSuccess(await role(t, sysadmin.tokens.access, 'ROLE_USER', user.id), 'Role updated successfully');
    expect(
      expectSuccess<ProfileData>(await profile(t, user.tokens.access), 'Profile Retrieved').user.roleName,
    ).toBe('ROLE_USER');
    expectFailure(await editColleague(), 403, NO_PERMISSION);
  });
});

describe('disabling and locking through settings', () => {
  it.each([
    ['disabling', { enabled: false, notLocked: true }, 'User account is currently disabled'],
    ['locking', { enabled: true, notLocked: false }, 'User account is currently locked'],
  ] as const)(
    '%s an account stops its access at once and its login says why',
    async (_label, values, reason) => {
      const admin = await signedInUser(t, 'ROLE_ADMIN');
      const user = await signedInUser(t, 'ROLE_MANAGER');
      expect((await profile(t, user.tokens.access)).statusCode).toBe(200);

      const res = await settings(t, admin.tokens.access, values, user.id);
      const changed = expectSuccess<ProfileData>(res, 'Account settings updated successfully').user;
      expect(changed).toMatchObject({ id: user.id, ...values });
      expect(await storedUser(t, user.id)).toMatchObject(values);
      expect((await storedEventTypes(t, user.id)).at(-1)).toBe('ACCOUNT_SETTINGS_UPDATE');

      expectFailure(await profile(t, user.tokens.access), 401, NOT_LOGGED_IN);
      expectFailure(
        await call(t, { method: 'GET', url: '/api/user/refresh/token', token: user.tokens.refresh }),
        401,
      );
      expectFailure(await login(t, user.email), 403, reason);

      // Given back, the account logs in again; the sessions of before the lock stay closed.
      expectSuccess(
        await settings(t, admin.tokens.access, { enabled: true, notLocked: true }, user.id),
        'Account settings updated successfully',
      );
      expectFailure(await profile(t, user.tokens.access), 401);
      const again = await login(t, user.email);
      expect(again.statusCode, again.body).toBe(200);
      expect((await profile(t, again.json().data.access_token)).statusCode).toBe(200);
    },
  );
});

describe('the last active system administrator', () => {
  // Each test has a database of its own, so it knows exactly which system administrators exist.
  async function withOwnDatabase(test: (app: TestApp) => Promise<void>) {
    const app = await createTestApp();
    try {
      await test(app);
    } finally {
      await app.close();
    }
  }
  const sysadminIn = async (app: TestApp) => {
    const account = await createUserWithRole(app, 'ROLE_SYSADMIN', { phone: nextPhone() });
    return { ...account, token: (await tokensFor(app, account.email)).access };
  };

  it('cannot be demoted, disabled or locked', () =>
    withOwnDatabase(async (app) => {
      const only = await sysadminIn(app);
      for (const roleName of ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_USER']) {
        expectFailure(await role(app, only.token, roleName), 400, LAST_SYSADMIN);
        expectFailure(await role(app, only.token, roleName, only.id), 400, LAST_SYSADMIN);
      }
      expectFailure(await settings(app, only.token, { enabled: false, notLocked: true }), 400, LAST_SYSADMIN);
      expectFailure(await settings(app, only.token, { enabled: true, notLocked: false }), 400, LAST_SYSADMIN);
      expectFailure(
        await settings(app, only.token, { enabled: false, notLocked: false }),
        400,
        LAST_SYSADMIN,
      );
      expect(await storedUser(app, only.id)).toMatchObject({
        roleName: 'ROLE_SYSADMIN',
        enabled: true,
        notLocked: true,
      });
      expect(await storedEventTypes(app, only.id)).toEqual(['LOGIN_ATTEMPT', 'LOGIN_ATTEMPT_SUCCESS']);
      // What keeps them active is allowed.
      expectSuccess(await role(app, only.token, 'ROLE_SYSADMIN'), 'Role updated successfully');
      expectSuccess(
        await settings(app, only.token, { enabled: true, notLocked: true }),
        'Account settings updated successfully',
      );
    }));

  it('with two, one may demote the other, and the remaining one is then protected', () =>
    withOwnDatabase(async (app) => {
      const first = await sysadminIn(app);
      const second = await sysadminIn(app);
      expectSuccess(await role(app, first.token, 'ROLE_ADMIN', second.id), 'Role updated successfully');
      expect((await storedUser(app, second.id)).roleName).toBe('ROLE_ADMIN');
      // Now an administrator, the second cannot touch the first.
      expectFailure(await role(app, second.token, 'ROLE_USER', first.id), 403, NO_PERMISSION);
      expectFailure(await role(app, first.token, 'ROLE_ADMIN'), 400, LAST_SYSADMIN);
      // Made system administrator again, the second may demote the first, or the first themselves.
      expectSuccess(await role(app, first.token, 'ROLE_SYSADMIN', second.id), 'Role updated successfully');
      expectSuccess(await role(app, first.token, 'ROLE_MANAGER'), 'Role updated successfully');
      expect((await storedUser(app, first.id)).roleName).toBe('ROLE_MANAGER');
      expectFailure(await role(app, second.token, 'ROLE_ADMIN'), 400, LAST_SYSADMIN);
    }));

  it('a disabled or locked system administrator does not count', () =>
    withOwnDatabase(async (app) => {
      const active = await sysadminIn(app);
      const disabled = await sysadminIn(app);
      const locked = await sysadminIn(app);
      expectSuccess(
        await settings(app, active.token, { enabled: false, notLocked: true }, disabled.id),
        'Account settings updated successfully',
      );
      expectSuccess(
        await settings(app, active.token, { enabled: true, notLocked: false }, locked.id),
        'Account settings updated successfully',
      );
      expectFailure(await role(app, active.token, 'ROLE_ADMIN'), 400, LAST_SYSADMIN);
      expectFailure(
        await settings(app, active.token, { enabled: true, notLocked: false }),
        400,
        LAST_SYSADMIN,
      );
      // Giving one back its access lets the other step down.
      expectSuccess(
        await settings(app, active.token, { enabled: true, notLocked: true }, locked.id),
        'Account settings updated successfully',
      );
      expectSuccess(await role(app, active.token, 'ROLE_ADMIN'), 'Role updated successfully');
    }));

  /**
   * One call wins. The other, depending on how the two interleave, finds the last system administrator
   * (400), or a caller already demoted (403) or disabled (401) by the first.
   */
  function expectOneWins(answers: LightMyRequestResponse[]) {
    const [won, lost] = [...answers].sort((x, y) => x.statusCode - y.statusCode);
    expect(won?.statusCode, won?.body).toBe(200);
    expect([400, 401, 403]).toContain(lost?.statusCode);
  }

  it('two demoting each other at the same time leave one', () =>
    withOwnDatabase(async (app) => {
      const a = await sysadminIn(app);
      const b = await sysadminIn(app);
      const answers = await Promise.all([
        role(app, a.token, 'ROLE_ADMIN', b.id),
        role(app, b.token, 'ROLE_ADMIN', a.id),
      ]);
      expectOneWins(answers);
      const roles = [(await storedUser(app, a.id)).roleName, (await storedUser(app, b.id)).roleName].sort();
      expect(roles).toEqual(['ROLE_ADMIN', 'ROLE_SYSADMIN']);
    }));

  it('two disabling each other at the same time leave one', () =>
    withOwnDatabase(async (app) => {
      const a = await sysadminIn(app);
      const b = await sysadminIn(app);
      const off = { enabled: false, notLocked: true };
      const answers = await Promise.all([
        settings(app, a.token, off, b.id),
        settings(app, b.token, off, a.id),
      ]);
      expectOneWins(answers);
      const enabled = [(await storedUser(app, a.id)).enabled, (await storedUser(app, b.id)).enabled];
      expect(enabled.filter(Boolean)).toHaveLength(1);
    }));
});

describe("a role change is recorded on the account changed, from the caller's request", () => {
  it('with the device and address of the administrator', async () => {
    const sysadmin = await signedInUser(t, 'ROLE_SYSADMIN');
    const user = await createUserWithRole(t, 'ROLE_USER');
    const address = newAddress();
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/user/update/role/ROLE_MANAGER?userId=${user.id}`,
      token: sysadmin.tokens.access,
      address,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' },
    });
    const { events } = expectSuccess<ProfileData>(res, 'Role updated successfully');
    expect(events[0]).toMatchObject({ type: 'ROLE_UPDATE', device: 'Firefox on Linux', ipAddress: address });
  });
});
