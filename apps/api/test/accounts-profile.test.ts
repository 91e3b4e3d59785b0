/**
 * The signed-in user's own account through the real calls: GET /api/user/profile, PATCH update,
 * update/password, togglemfa; the events they record; hostile input in every text field; the
 * anti-forgery cookie. Role rules are in accounts-roles.test.ts, pictures in accounts-image.test.ts.
 */
import { EVENT_TYPES, type ProfileData, type RoleName } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import {
  call,
  createUserWithRole,
  login,
  newAddress,
  newOrganisation,
  PASSWORD,
  signedInUser,
  smsCodeFor,
  storedEventTypes,
  storedUser,
  tokensFor,
  uniqueEmail,
  userCount,
} from './support/accounts.js';
import { imageUpload, tinyPng } from './support/images.js';
import { turnOnSmsFactor } from './support/auth-helpers.js';
import { expectFailure, expectSuccess, NO_PERMISSION, updateBody, USER_AGENTS } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const USER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'address',
  'phone',
  'title',
  'bio',
  'imageUrl',
  'enabled',
  'notLocked',
  'usingMfa',
  'createdAt',
  'roleName',
  'permissions',
].sort();
const EVENT_FIELDS = ['id', 'type', 'description', 'device', 'ipAddress', 'createdAt'].sort();

const ROLE_PERMISSIONS: Record<RoleName, string> = {
  ROLE_USER: 'READ:USER,READ:CUSTOMER',
  ROLE_MANAGER: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER',
  ROLE_ADMIN: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER',
  ROLE_SYSADMIN:
    'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER,DELETE:USER,DELETE:CUSTOMER',
};

const EVENT_DESCRIPTIONS: Record<string, string> = {
  LOGIN_ATTEMPT: 'You tried to log in',
  LOGIN_ATTEMPT_FAILURE: 'You tried to log in and you failed',
  LOGIN_ATTEMPT_SUCCESS: 'You tried to log in and you succeeded',
  PROFILE_UPDATE: 'You updated your profile information',
  PROFILE_PICTURE_UPDATE: 'You updated your profile picture',
  ROLE_UPDATE: 'You updated your role and permissions',
  ACCOUNT_SETTINGS_UPDATE: 'You updated your account settings',
  PASSWORD_UPDATE: 'You updated your password',
  MFA_UPDATE: 'You updated your MFA settings',
};

function getProfile(token: string, extra: { address?: string; headers?: Record<string, string> } = {}) {
  return call(t, { method: 'GET', url: '/api/user/profile', token, ...extra });
}

async function profileData(token: string): Promise<ProfileData> {
  return expectSuccess<ProfileData>(await getProfile(token), 'Profile Retrieved');
}

function update(
  token: string,
  payload: object,
  extra: { address?: string; headers?: Record<string, string> } = {},
) {
  return call(t, { method: 'PATCH', url: '/api/user/update', token, payload, ...extra });
}

function updatePassword(token: string, payload: object) {
  return call(t, { method: 'PATCH', url: '/api/user/update/password', token, payload });
}

function toggleMfa(
  token: string,
  extra: { address?: string; headers?: Record<string, string>; payload?: object } = {},
) {
  return call(t, { method: 'PATCH', url: '/api/user/togglemfa', token, ...extra });
}

describe('GET /api/user/profile', () => {
  it('answers "Profile Retrieved" with the user, the events and the four roles', async () => {
    const me = await signedInUser(t, 'ROLE_MANAGER');
    const res = await getProfile(me.tokens.access);
    const data = expectSuccess<ProfileData>(res, 'Profile Retrieved');

    expect(Object.keys(data).sort()).toEqual(['events', 'organisation', 'organisations', 'roles', 'user']);
    expect(Object.keys(data.user).sort()).toEqual(USER_FIELDS);
    // The organisation it works in, with its role there, and the list of all of its organisations.
    const organisation = { id: me.organisationId, name: 'Test business', roleName: 'ROLE_MANAGER' };
    expect(data.organisation).toEqual(organisation);
    expect(data.organisations).toEqual([organisation]);
    const stored = await storedUser(t, me.id);
    expect(data.user).toEqual({
      id: me.id,
      firstName: 'Test',
      lastName: 'ROLE_MANAGER',
      email: me.email,
      address: null,
      phone: null,
      title: null,
      bio: null,
      imageUrl: null,
      enabled: true,
      notLocked: true,
      usingMfa: false,
      createdAt: stored.createdAt.toISOString(),
      roleName: 'ROLE_MANAGER',
      permissions: ROLE_PERMISSIONS.ROLE_MANAGER,
    });
    // Nothing derived from the password leaves the server, under any name.
    expect(res.body).not.toMatch(/password|hash/i);
    expect(res.body).not.toContain(stored.passwordHash);
    expect(res.body).not.toContain('$argon2');

    expect(data.roles.map((r) => [r.name, r.permission])).toEqual(Object.entries(ROLE_PERMISSIONS));
    for (const role of data.roles) expect(Object.keys(role).sort()).toEqual(['id', 'name', 'permission']);

    // The login of signedInUser recorded its two events.
    expect(data.events.map((e) => e.type)).toEqual(['LOGIN_ATTEMPT_SUCCESS', 'LOGIN_ATTEMPT']);
    for (const event of data.events) {
      expect(Object.keys(event).sort()).toEqual(EVENT_FIELDS);
      expect(event.description).toBe(EVENT_DESCRIPTIONS[event.type]);
      expect(new Date(event.createdAt).toISOString()).toBe(event.createdAt);
    }
  });

  it('gives each role its own role name and permissions', async () => {
    for (const role of Object.keys(ROLE_PERMISSIONS) as RoleName[]) {
      const account = await signedInUser(t, role);
      const { user } = await profileData(account.tokens.access);
      expect(user.roleName).toBe(role);
      expect(user.permissions).toBe(ROLE_PERMISSIONS[role]);
    }
  });

  it.each([
    ['Chrome on Windows', USER_AGENTS.chromeOnWindows],
    ['Firefox on Android', USER_AGENTS.firefoxOnAndroid],
    ['Safari on iOS', USER_AGENTS.safariOnIphone],
    ['Edge on Windows', USER_AGENTS.edgeOnWindows],
    ['Chrome on Android', USER_AGENTS.chromeOnAndroid],
    ['Safari on macOS', USER_AGENTS.safariOnMac],
    ['Firefox on Linux', USER_AGENTS.firefoxOnLinux],
  ])('records the device "%s" from the User-Agent and the caller address', async (device, userAgent) => {
    const account = await createUserWithRole(t, 'ROLE_USER');
    const address = newAddress();
    const res = await call(t, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: PASSWORD },
      address,
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { events } = await profileData(res.json().data.access_token);
    expect(events).toHaveLength(2);
    for (const event of events) expect(event).toMatchObject({ device, ipAddress: address });
  });

  it.each([
    ['no User-Agent', undefined, 'Unknown device'],
    ['an unknown User-Agent', 'SomeBot/1.0 (+https://bot.example)', 'Unknown browser'],
  ])('names the device of a request with %s "%s"', async (_label, userAgent, device) => {
    const me = await signedInUser(t, 'ROLE_USER');
    const address = newAddress();
    // light-my-request sends its own User-Agent unless the header is explicitly undefined.
    const headers = { 'user-agent': userAgent as string };
    const res = await update(me.tokens.access, updateBody(me), { address, headers });
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = (await profileData(me.tokens.access)).events;
    expect(latest).toMatchObject({ type: 'PROFILE_UPDATE', device, ipAddress: address });
  });

  it('lists only the 10 most recent events, newest first', async () => {
    const me = await signedInUser(t, 'ROLE_USER', { phone: '+33612345678' });
    for (let i = 0; i < 9; i += 1) {
      const res = await update(me.tokens.access, updateBody(me, { phone: '+33612345678', title: `T${i}` }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const changed = await updatePassword(me.tokens.access, {
      currentPassword: PASSWORD,
      newPassword: 'another long password',
      confirmNewPassword: 'another long password',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const all = await storedEventTypes(t, me.id);
    expect(all).toHaveLength(2 + 9 + 1);
    const { events } = await profileData(me.tokens.access);
    expect(events).toHaveLength(10);
    expect(events.map((e) => e.type)).toEqual(all.slice(-10).reverse());
    expect(events[0]?.type).toBe('PASSWORD_UPDATE');
    events.slice(1).forEach((older, i) => {
      const newer = events[i];
      expect(newer && newer.createdAt >= older.createdAt).toBe(true);
      expect(newer?.id).toBeGreaterThan(older.id);
    });
    // The oldest two (the login) are no longer listed.
    expect(events.map((e) => e.type)).not.toContain('LOGIN_ATTEMPT_SUCCESS');
  });

  it("records every event type, each by its own call, with that call's device and address", async () => {
    const phone = '+442079460958';
    const me = await createUserWithRole(t, 'ROLE_USER', { phone });
    const admin = await signedInUser(t, 'ROLE_SYSADMIN');
    const chrome = { 'user-agent': USER_AGENTS.chromeOnWindows };
    const firefox = { 'user-agent': USER_AGENTS.firefoxOnAndroid };
    const addresses: string[] = [];
    const from = () => {
      const address = newAddress();
      addresses.push(address);
      return address;
    };

    // 1. wrong password: LOGIN_ATTEMPT + LOGIN_ATTEMPT_FAILURE
    const failed = await call(t, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: me.email, password: 'not the password' },
      address: from(),
      headers: firefox,
    });
    expectFailure(failed, 401, 'Incorrect email or password');
    // 2. right password: LOGIN_ATTEMPT + LOGIN_ATTEMPT_SUCCESS
    const ok = await call(t, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: me.email, password: PASSWORD },
      address: from(),
      headers: chrome,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const token = ok.json().data.access_token as string;
    // 3. PROFILE_UPDATE
    expect(
      (await update(token, updateBody(me, { phone }), { address: from(), headers: chrome })).statusCode,
    ).toBe(200);
    // 4. PROFILE_PICTURE_UPDATE
    const upload = imageUpload(tinyPng());
    const picture = await call(t, {
      method: 'PATCH',
      url: '/api/user/update/image',
      token,
      address: from(),
      payload: upload.payload,
      headers: { ...upload.headers, ...chrome },
    });
    expect(picture.statusCode, picture.body).toBe(200);
    // 5. MFA_UPDATE: turning the SMS code on needs the password and a code sent to the phone.
    const smsCode = async () => {
      const codeSent = await call(t, { method: 'POST', url: '/api/user/step-up/code', token });
      expect(codeSent.statusCode, codeSent.body).toBe(200);
      return smsCodeFor(t, phone);
    };
    const stepUp = { currentPassword: PASSWORD, code: await smsCode() };
    expect((await toggleMfa(token, { address: from(), headers: chrome, payload: stepUp })).statusCode).toBe(
      200,
    );
    // 6. PASSWORD_UPDATE: with MFA now on, the change needs a code sent by SMS besides the password.
    const code = await smsCode();
    const password = await call(t, {
      method: 'PATCH',
      url: '/api/user/update/password',
      token,
      address: from(),
      headers: chrome,
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'a brand new secret',
        confirmNewPassword: 'a brand new secret',
        code,
      },
    });
    expect(password.statusCode, password.body).toBe(200);
    // 7. ROLE_UPDATE and 8. ACCOUNT_SETTINGS_UPDATE, by an administrator: recorded on the account changed.
    const role = await call(t, {
      method: 'PATCH',
      url: `/api/user/update/role/ROLE_MANAGER?userId=${me.id}`,
      token: admin.tokens.access,
      address: from(),
      headers: firefox,
    });
    expect(role.statusCode, role.body).toBe(200);
    const settings = await call(t, {
      method: 'PATCH',
      url: `/api/user/update/settings?userId=${me.id}`,
      token: admin.tokens.access,
      address: from(),
      headers: firefox,
      payload: { enabled: true, notLocked: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const expected = [
      ['LOGIN_ATTEMPT', 'Firefox on Android', addresses[0]],
      ['LOGIN_ATTEMPT_FAILURE', 'Firefox on Android', addresses[0]],
      ['LOGIN_ATTEMPT', 'Chrome on Windows', addresses[1]],
      ['LOGIN_ATTEMPT_SUCCESS', 'Chrome on Windows', addresses[1]],
      ['PROFILE_UPDATE', 'Chrome on Windows', addresses[2]],
      ['PROFILE_PICTURE_UPDATE', 'Chrome on Windows', addresses[3]],
      ['MFA_UPDATE', 'Chrome on Windows', addresses[4]],
      ['PASSWORD_UPDATE', 'Chrome on Windows', addresses[5]],
      ['ROLE_UPDATE', 'Firefox on Android', addresses[6]],
      ['ACCOUNT_SETTINGS_UPDATE', 'Firefox on Android', addresses[7]],
    ];
    expect(await storedEventTypes(t, me.id)).toEqual(expected.map(([type]) => type));
    const { events } = await profileData(token);
    expect(events.map((e) => [e.type, e.device, e.ipAddress])).toEqual(expected.reverse());
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));
    for (const event of events) expect(event.description).toBe(EVENT_DESCRIPTIONS[event.type]);
    // The administrator's own list is not touched by what they did to someone else.
    expect(await storedEventTypes(t, admin.id)).toEqual(['LOGIN_ATTEMPT', 'LOGIN_ATTEMPT_SUCCESS']);
  });
});

describe('PATCH /api/user/update', () => {
  it('saves the own profile and answers "User updated" with the profile', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const changes = {
      firstName: 'Yusuf',
      lastName: 'Haddad',
      phone: '+212600112233',
      address: '12 rue des Oliviers, Fès',
      title: 'Teacher',
      bio: 'Reads every evening.',
    };
    // A new phone number needs the current password (accounts-step-up.test.ts).
    const res = await update(me.tokens.access, updateBody(me, { ...changes, currentPassword: PASSWORD }));
    const data = expectSuccess<ProfileData>(res, 'User updated');
    expect(Object.keys(data).sort()).toEqual(['events', 'organisation', 'organisations', 'roles', 'user']);
    expect(data.user).toMatchObject({ id: me.id, email: me.email, roleName: 'ROLE_USER', ...changes });
    expect(Object.keys(data.user).sort()).toEqual(USER_FIELDS);
    expect(data.events[0]?.type).toBe('PROFILE_UPDATE');
    expect(data.roles).toHaveLength(4);
    expect(await storedUser(t, me.id)).toMatchObject({ email: me.email, ...changes });
  });

  it('stores blank or missing optional fields as null, and trims the text', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const filled = await update(
      me.tokens.access,
      updateBody(me, {
        phone: '+33612345678',
        address: 'Somewhere',
        title: 'Dr',
        bio: 'Bio',
        currentPassword: PASSWORD,
      }),
    );
    expect(filled.statusCode, filled.body).toBe(200);

    const res = await update(
      me.tokens.access,
      updateBody(me, {
        firstName: '  Amina  ',
        phone: '',
        address: '   ',
        title: '',
        bio: null,
        currentPassword: PASSWORD,
      }),
    );
    const { user } = expectSuccess<ProfileData>(res, 'User updated');
    expect(user).toMatchObject({ firstName: 'Amina', phone: null, address: null, title: null, bio: null });
    expect(await storedUser(t, me.id)).toMatchObject({
      firstName: 'Amina',
      phone: null,
      address: null,
      title: null,
      bio: null,
    });
  });

  it("refuses another user's e-mail, whatever its case, and changes nothing", async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const other = await createUserWithRole(t, 'ROLE_USER');
    const res = await update(
      me.tokens.access,
      updateBody(me, { firstName: 'Changed', email: other.email.toUpperCase(), currentPassword: PASSWORD }),
    );
    expectFailure(res, 400, 'Email already in use. Please use a different email and try again.');
    expect(await storedUser(t, me.id)).toMatchObject({ firstName: 'Test', email: me.email });
    expect(await storedEventTypes(t, me.id)).not.toContain('PROFILE_UPDATE');
  });

  it('accepts the own e-mail in another case', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const res = await update(me.tokens.access, updateBody(me, { email: me.email.toUpperCase() }));
    expect(expectSuccess<ProfileData>(res, 'User updated').user.email).toBe(me.email.toUpperCase());
  });

  it('saves the allowed fields and ignores role, state and organisation fields slipped into the body', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const before = await storedUser(t, me.id);
    const elsewhere = await newOrganisation(t);
    const res = await update(
      me.tokens.access,
      updateBody(me, {
        title: 'Teacher',
        bio: 'Reads every evening.',
        roleName: 'ROLE_SYSADMIN',
        permissions: ROLE_PERMISSIONS.ROLE_SYSADMIN,
        enabled: false,
        notLocked: false,
        usingMfa: true,
        organisationId: elsewhere,
        currentOrganisationId: elsewhere,
        passwordHash: 'not-a-hash',
        confirmedAt: null,
        imageUrl: 'https://attacker.example/picture.png',
      }),
    );

    const unchanged = {
      roleName: 'ROLE_USER',
      permissions: ROLE_PERMISSIONS.ROLE_USER,
      enabled: true,
      notLocked: true,
      usingMfa: false,
      imageUrl: null,
    };
    const answered = expectSuccess<ProfileData>(res, 'User updated');
    expect(answered.user).toMatchObject({ title: 'Teacher', bio: 'Reads every evening.', ...unchanged });
    const read = await profileData(me.tokens.access);
    expect(read.user).toMatchObject({ title: 'Teacher', bio: 'Reads every evening.', ...unchanged });
    expect(read.organisation.id).toBe(me.organisationId);
    expect(read.organisations.map((o) => o.id)).toEqual([me.organisationId]);
    expect(await storedUser(t, me.id)).toMatchObject({
      ...unchanged,
      organisationId: me.organisationId,
      currentOrganisationId: me.organisationId,
      passwordHash: before.passwordHash,
      confirmedAt: before.confirmedAt,
    });
    expect((await login(t, me.email)).statusCode).toBe(200);
  });

  it('refuses invalid fields with the field named, and changes nothing', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ firstName: 'A' }, /^Invalid body: firstName: First name must be at least 2 characters$/],
      [{ lastName: '' }, /^Invalid body: lastName: /],
      [{ email: 'not-an-email' }, /^Invalid body: email: Enter a valid e-mail address$/],
      [{ phone: 'call me' }, /^Invalid body: phone: /],
      [{ bio: 'x'.repeat(1001) }, /^Invalid body: bio: /],
      [{ id: 'abc' }, /^Invalid body: id: /],
    ];
    for (const [changes, field] of cases) {
      expectFailure(await update(me.tokens.access, updateBody(me, { title: 'New', ...changes })), 400, field);
    }
    expect(await storedUser(t, me.id)).toMatchObject({ firstName: 'Test', title: null, email: me.email });
  });

  describe("another user's profile", () => {
    const cases: [RoleName, RoleName, 200 | 403][] = [
      ['ROLE_USER', 'ROLE_USER', 403],
      ['ROLE_MANAGER', 'ROLE_USER', 200],
      ['ROLE_MANAGER', 'ROLE_MANAGER', 403],
      ['ROLE_MANAGER', 'ROLE_ADMIN', 403],
      ['ROLE_ADMIN', 'ROLE_MANAGER', 200],
      ['ROLE_ADMIN', 'ROLE_ADMIN', 403],
      ['ROLE_ADMIN', 'ROLE_SYSADMIN', 403],
      ['ROLE_SYSADMIN', 'ROLE_USER', 200],
      ['ROLE_SYSADMIN', 'ROLE_MANAGER', 200],
      ['ROLE_SYSADMIN', 'ROLE_ADMIN', 200],
      ['ROLE_SYSADMIN', 'ROLE_SYSADMIN', 200],
    ];
    it.each(cases)('%s editing a %s → %i', async (callerRole, targetRole, status) => {
      const caller = await signedInUser(t, callerRole);
      const target = await createUserWithRole(t, targetRole);
      const res = await update(
        caller.tokens.access,
        updateBody(target, { firstName: 'Edited', title: 'By someone' }),
      );
      if (status === 403) {
        expectFailure(res, 403, NO_PERMISSION);
        expect(await storedUser(t, target.id)).toMatchObject({ firstName: 'Test', title: null });
        expect(await storedEventTypes(t, target.id)).toEqual([]);
      } else {
        const { user } = expectSuccess<ProfileData>(res, 'User updated');
        // The answer is the edited account's profile, not the caller's.
        expect(user).toMatchObject({
          id: target.id,
          firstName: 'Edited',
          title: 'By someone',
          roleName: targetRole,
        });
        expect(await storedUser(t, target.id)).toMatchObject({ firstName: 'Edited', title: 'By someone' });
        expect(await storedUser(t, caller.id)).toMatchObject({ firstName: 'Test', title: null });
      }
    });

    it('answers 404 for an unknown id', async () => {
      const admin = await signedInUser(t, 'ROLE_SYSADMIN');
      const res = await update(admin.tokens.access, updateBody({ id: 987654321, email: uniqueEmail() }));
      expectFailure(res, 404, /987654321/);
    });
  });

  it('refuses to remove or change the phone while MFA is on, even with the password and a code', async () => {
    const phone = '+33698765432';
    const me = await signedInUser(t, 'ROLE_USER', { phone });
    expect(
      expectSuccess<ProfileData>(
        await turnOnSmsFactor(t, me.tokens.access, phone),
        'Multi-Factor Authentication updated',
      ).user.usingMfa,
    ).toBe(true);
    for (const removed of [{ phone: '' }, { phone: null }, {}]) {
      const res = await update(me.tokens.access, { ...updateBody(me, { title: 'Nope' }), ...removed });
      expectFailure(res, 400, /Multi-Factor Authentication/);
    }
    const codeSent = await call(t, {
      method: 'POST',
      url: '/api/user/step-up/code',
      token: me.tokens.access,
    });
    expect(codeSent.statusCode, codeSent.body).toBe(200);
    const changed = await update(
      me.tokens.access,
      updateBody(me, { phone: '+33611111111', currentPassword: PASSWORD, code: await smsCodeFor(t, phone) }),
    );
    expectFailure(changed, 400, /Multi-Factor Authentication/);
    expect(await storedUser(t, me.id)).toMatchObject({ phone, usingMfa: true, title: null });
  });

  it('refuses to remove the phone of another user whose MFA is on', async () => {
    const target = await signedInUser(t, 'ROLE_USER', { phone: '+33 6 22 22 22 22' });
    expect((await turnOnSmsFactor(t, target.tokens.access, '+33 6 22 22 22 22')).statusCode).toBe(200);
    const admin = await signedInUser(t, 'ROLE_SYSADMIN');
    // Only the owner changes a phone at all.
    expectFailure(
      await update(admin.tokens.access, updateBody(target, { phone: '' })),
      403,
      "Only the account's owner can change its e-mail address or phone number.",
    );
    expect(await storedUser(t, target.id)).toMatchObject({ phone: '+33 6 22 22 22 22', usingMfa: true });
  });
});

describe('PATCH /api/user/update/password', () => {
  const NEW_PASSWORD = 'a completely new passphrase';

  it('refuses a wrong current password, a mismatch and a short new password, and changes nothing', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const before = (await storedUser(t, me.id)).passwordHash;
    expectFailure(
      await updatePassword(me.tokens.access, {
        currentPassword: 'wrong password',
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      }),
      400,
      'Incorrect current password. Please try again.',
    );
    expectFailure(
      await updatePassword(me.tokens.access, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: `${NEW_PASSWORD}!`,
      }),
      400,
      "Passwords don't match. Please try again.",
    );
    expectFailure(
      await updatePassword(me.tokens.access, {
        currentPassword: PASSWORD,
        newPassword: 'short',
        confirmNewPassword: 'short',
      }),
      400,
      /newPassword: Password must be at least 8 characters/,
    );
    expectFailure(
      await updatePassword(me.tokens.access, {
        currentPassword: PASSWORD,
        newPassword: 'x'.repeat(129),
        confirmNewPassword: 'x'.repeat(129),
      }),
      400,
      /newPassword/,
    );
    expectFailure(
      await updatePassword(me.tokens.access, { newPassword: NEW_PASSWORD }),
      400,
      /currentPassword/,
    );
    expect((await storedUser(t, me.id)).passwordHash).toBe(before);
    expect(await storedEventTypes(t, me.id)).not.toContain('PASSWORD_UPDATE');
    expect((await login(t, me.email, PASSWORD)).statusCode).toBe(200);
  });

  it("changes the password, ends the other sessions and keeps the caller's", async () => {
    const me = await createUserWithRole(t, 'ROLE_USER');
    const here = await tokensFor(t, me.email);
    const elsewhere = await tokensFor(t, me.email);

    const res = await updatePassword(here.access, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    const data = expectSuccess<ProfileData>(res, 'Password updated successfully');
    expect(data.user.id).toBe(me.id);
    expect(data.events[0]?.type).toBe('PASSWORD_UPDATE');
    expect(res.body).not.toContain(NEW_PASSWORD);

    expect((await login(t, me.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectFailure(await login(t, me.email, PASSWORD), 401, 'Incorrect email or password');

    // The other device: its refresh token is revoked, and its access token stops at once.
    expectFailure(
      await call(t, { method: 'GET', url: '/api/user/refresh/token', token: elsewhere.refresh }),
      401,
    );
    expectFailure(await getProfile(elsewhere.access), 401);
    // This device keeps working, and can still refresh.
    expect((await getProfile(here.access)).statusCode).toBe(200);
    const refreshed = await call(t, { method: 'GET', url: '/api/user/refresh/token', token: here.refresh });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await getProfile(refreshed.json().data.access_token)).statusCode).toBe(200);
  });
});

describe('PATCH /api/user/togglemfa', () => {
  it('needs a phone number', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    expectFailure(
      await toggleMfa(me.tokens.access),
      400,
      'You need a phone number to change Multi-Factor Authentication',
    );
    expect((await storedUser(t, me.id)).usingMfa).toBe(false);
    expect(await storedEventTypes(t, me.id)).not.toContain('MFA_UPDATE');
  });

  it('flips MFA on each call (with the password and an SMS code), and a login then asks for the code', async () => {
    const phone = '+33633333333';
    const me = await signedInUser(t, 'ROLE_USER', { phone });
    const codeFromSms = async () => {
      expect(
        (await call(t, { method: 'POST', url: '/api/user/step-up/code', token: me.tokens.access }))
          .statusCode,
      ).toBe(200);
      return smsCodeFor(t, phone);
    };
    for (const expected of [true, false, true]) {
      const stepUp = { currentPassword: PASSWORD, code: await codeFromSms() };
      const data = expectSuccess<ProfileData>(
        await toggleMfa(me.tokens.access, { payload: stepUp }),
        'Multi-Factor Authentication updated',
      );
      expect(data.user.usingMfa).toBe(expected);
      expect(data.events[0]?.type).toBe('MFA_UPDATE');
      expect((await storedUser(t, me.id)).usingMfa).toBe(expected);
    }
    const res = await login(t, me.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Verification Code Sent' });
    expect(res.json().data).not.toHaveProperty('access_token');
  });
});

describe('SQL and script injection', () => {
  const HOSTILE = [
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    "Robert'); DELETE FROM users;--",
    'x'.repeat(10_000),
  ];
  const TEXT_FIELDS = ['firstName', 'lastName', 'address', 'title', 'bio'] as const;

  async function tablesIntact(expectedUsers: number) {
    expect(await userCount(t)).toBe(expectedUsers);
    const tables = await t.database.db.execute(sql`SELECT to_regclass('public.users') AS users`);
    expect((tables as unknown as { rows: { users: string | null }[] }).rows[0]?.users).toBe('users');
  }

  it('stores hostile text verbatim in the text fields, or refuses it when too long', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const users = await userCount(t);
    for (const field of TEXT_FIELDS) {
      for (const value of HOSTILE) {
        const before = await storedUser(t, me.id);
        const res = await update(me.tokens.access, { ...updateBody(me), [field]: value });
        if (value.length > 100) {
          expectFailure(res, 400, new RegExp(`^Invalid body: ${field}:`));
          expect(await storedUser(t, me.id)).toEqual(before);
        } else {
          const { user } = expectSuccess<ProfileData>(res, 'User updated');
          expect(user[field]).toBe(value);
          expect((await storedUser(t, me.id))[field]).toBe(value);
          // Sent as JSON text, never as markup.
          expect(res.headers['content-type']).toMatch(/^application\/json/);
        }
      }
    }
    await tablesIntact(users);
  });

  it.each(['email', 'phone'] as const)('refuses hostile text as %s and changes nothing', async (field) => {
    const me = await signedInUser(t, 'ROLE_USER');
    const users = await userCount(t);
    const before = await storedUser(t, me.id);
    for (const value of HOSTILE) {
      const res = await update(me.tokens.access, { ...updateBody(me), [field]: value });
      expectFailure(res, 400, new RegExp(`^Invalid body: ${field}:`));
    }
    expect(await storedUser(t, me.id)).toEqual(before);
    await tablesIntact(users);
  });

  it('refuses hostile text as the role name and as ?userId=, and changes nothing', async () => {
    const admin = await signedInUser(t, 'ROLE_SYSADMIN');
    const target = await createUserWithRole(t, 'ROLE_USER');
    const users = await userCount(t);
    for (const value of HOSTILE.slice(0, 4)) {
      const role = await call(t, {
        method: 'PATCH',
        url: `/api/user/update/role/${encodeURIComponent(value)}?userId=${target.id}`,
        token: admin.tokens.access,
      });
      expectFailure(role, 400, /^Invalid params: roleName:/);
      const byId = await call(t, {
        method: 'PATCH',
        url: `/api/user/update/role/ROLE_ADMIN?userId=${encodeURIComponent(value)}`,
        token: admin.tokens.access,
      });
      expectFailure(byId, 400, /^Invalid query: userId:/);
      const settings = await call(t, {
        method: 'PATCH',
        url: `/api/user/update/settings?userId=${encodeURIComponent(value)}`,
        token: admin.tokens.access,
        payload: { enabled: false, notLocked: false },
      });
      expectFailure(settings, 400, /^Invalid query: userId:/);
    }
    // Also an id followed by SQL: not a number, so not a user.
    const glued = await call(t, {
      method: 'PATCH',
      url: `/api/user/update/settings?userId=${encodeURIComponent(`${target.id} OR 1=1`)}`,
      token: admin.tokens.access,
      payload: { enabled: false, notLocked: false },
    });
    expectFailure(glued, 400, /^Invalid query: userId:/);
    const longId = await call(t, {
      method: 'PATCH',
      url: `/api/user/update/role/ROLE_ADMIN?userId=${'9'.repeat(10_000)}`,
      token: admin.tokens.access,
    });
    expectFailure(longId, 400, /^Invalid query: userId:/);
    // A 10 000-character role name does not even reach the route: the router refuses path parameters
    // over 100 characters with 414, answered in the envelope; nothing changes.
    const longRole = await call(t, {
      method: 'PATCH',
      url: `/api/user/update/role/${'x'.repeat(10_000)}?userId=${target.id}`,
      token: admin.tokens.access,
    });
    expectFailure(longRole, 414, /^The address is too long\.$/);

    expect(await storedUser(t, target.id)).toMatchObject({
      roleName: 'ROLE_USER',
      enabled: true,
      notLocked: true,
    });
    expect(await storedEventTypes(t, target.id)).toEqual([]);
    expect(await storedUser(t, admin.id)).toMatchObject({
      roleName: 'ROLE_SYSADMIN',
      enabled: true,
      notLocked: true,
    });
    await tablesIntact(users);
  });
});

describe('anti-forgery cookie', () => {
  function xsrfCookies(res: { headers: Record<string, unknown> }): string[] {
    const header = res.headers['set-cookie'];
    const all = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
    return all.filter((c: string) => c.startsWith('XSRF-TOKEN='));
  }

  it('is set, readable by scripts, SameSite=Strict and for the whole site, when the request has none', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    for (const res of [
      await getProfile(me.tokens.access),
      await update(me.tokens.access, updateBody(me)),
      await call(t, { method: 'GET', url: '/api/user/profile' }),
    ]) {
      const [cookie, ...more] = xsrfCookies(res);
      expect(more).toEqual([]);
      expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32,};/);
      const attributes = String(cookie)
        .split(';')
        .map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('path=/');
      expect(attributes).toContain('samesite=strict');
      expect(attributes).not.toContain('httponly');
    }
    // A new value each time a client has none.
    const [a, b] = [
      xsrfCookies(await getProfile(me.tokens.access))[0],
      xsrfCookies(await getProfile(me.tokens.access))[0],
    ];
    expect(a).not.toBe(b);
  });

  it('is not set again when the request carries it', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const cookies = { 'XSRF-TOKEN': 'an-existing-token-value-of-the-client' };
    expect(
      xsrfCookies(
        await call(t, { method: 'GET', url: '/api/user/profile', token: me.tokens.access, cookies }),
      ),
    ).toEqual([]);
    expect(
      xsrfCookies(
        await call(t, {
          method: 'PATCH',
          url: '/api/user/update',
          token: me.tokens.access,
          cookies,
          payload: updateBody(me),
        }),
      ),
    ).toEqual([]);
  });
});
