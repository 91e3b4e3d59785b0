/**
 * A stolen access token cannot take the account (issue 19, point 2): changing the e-mail, the phone, the password
 * or turning MFA off needs the current password (and the SMS code when MFA is on); turning the SMS factor on needs
 * the password and a code sent to the phone, and the phone cannot change while it is on; a new e-mail takes effect only
 * once confirmed from it; the former address hears of every change and can answer "this wasn't me", which locks
 * the account and ends its sessions until a password reset; an administrator changes no other user's e-mail or
 * phone.
 */
import type { ProfileData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createUserWithRole,
  lastMessageTo,
  linkKeyFor,
  login,
  PASSWORD,
  signedInUser,
  smsCodeFor,
  storedUser,
  uniqueEmail,
} from './support/accounts.js';
import { turnOnSmsFactor } from './support/auth-helpers.js';
import { expectFailure, expectSuccess, updateBody } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://coran-hadith.example.org';
const PASSWORD_NEEDED = 'Enter your current password to make this change.';
const WRONG_PASSWORD = 'Incorrect current password. Please try again.';
const CODE_NEEDED = 'Enter the code we sent by SMS to make this change.';
const CODE_WRONG = 'The code is wrong or has expired. Ask for a new one and try again.';
const PHONE_HELD_BY_MFA = 'Turn off Multi-Factor Authentication before changing or removing the phone number';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const update = (token: string, payload: object) =>
  call(t, { method: 'PATCH', url: '/api/user/update', token, payload });
const changePassword = (token: string, payload: object) =>
  call(t, { method: 'PATCH', url: '/api/user/update/password', token, payload });
const profile = async (token: string) =>
  expectSuccess<ProfileData>(
    await call(t, { method: 'GET', url: '/api/user/profile', token }),
    'Profile Retrieved',
  );

/** The key at the end of the newest link to `recipient` whose path is `path`. */
async function keyOfLink(recipient: string, path: string): Promise<string> {
  const { body } = await lastMessageTo(t, recipient);
  const match = new RegExp(`${PUBLIC_URL}${path}/([A-Za-z0-9_-]+)`).exec(body);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${body}`);
  return match[1];
}

async function smsCode(token: string, phone: string): Promise<string> {
  const sent = await call(t, { method: 'POST', url: '/api/user/step-up/code', token });
  expect(sent.statusCode, sent.body).toBe(200);
  return smsCodeFor(t, phone);
}

describe('a new e-mail address', () => {
  it('needs the current password, and changes nothing without it', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const newEmail = uniqueEmail('new');
    expectFailure(await update(me.tokens.access, updateBody(me, { email: newEmail })), 400, PASSWORD_NEEDED);
    expectFailure(
      await update(me.tokens.access, updateBody(me, { email: newEmail, currentPassword: 'not it at all' })),
      400,
      WRONG_PASSWORD,
    );
    expect(await storedUser(t, me.id)).toMatchObject({ email: me.email, firstName: 'Test' });
    await expect(lastMessageTo(t, newEmail)).rejects.toThrow(/no message/);
  });

  it('takes effect only once confirmed by the link sent to it; the former address is then told', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const newEmail = uniqueEmail('new');
    const res = await update(
      me.tokens.access,
      updateBody(me, { email: newEmail, title: 'Saved at once', currentPassword: PASSWORD }),
    );
    const data = expectSuccess<ProfileData>(res, 'User updated');
    expect(data.user).toMatchObject({ email: me.email, title: 'Saved at once' });
    expect(data.pendingEmail).toBe(newEmail);
    expect((await profile(me.tokens.access)).pendingEmail).toBe(newEmail);
    // Until confirmed, the account keeps its address: the new one cannot log in.
    expect((await login(t, newEmail)).statusCode).toBe(401);
    expect((await login(t, me.email)).statusCode).toBe(200);

    const key = await keyOfLink(newEmail, '/user/verify/email');
    const confirmed = await call(t, { method: 'GET', url: `/api/user/verify/email/${key}` });
    expect(confirmed.json()).toMatchObject({ statusCode: 200, message: 'Email address confirmed' });
    expect((await storedUser(t, me.id)).email).toBe(newEmail);
    expect((await login(t, newEmail)).statusCode).toBe(200);
    expect((await login(t, me.email)).statusCode).toBe(401);
    expect((await profile(me.tokens.access)).pendingEmail).toBeUndefined();
    // Used once.
    expectFailure(await call(t, { method: 'GET', url: `/api/user/verify/email/${key}` }), 400, /not valid/);

    const notice = await lastMessageTo(t, me.email);
    expect(notice.subject).toMatch(/e-mail address changed/);
    expect(notice.body).toMatch(new RegExp(`${PUBLIC_URL}/user/report/change/[A-Za-z0-9_-]{40,}`));
  });

  it('refuses an address another account has, whatever its case', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const other = await createUserWithRole(t, 'ROLE_USER');
    const res = await update(
      me.tokens.access,
      updateBody(me, { email: other.email.toUpperCase(), currentPassword: PASSWORD }),
    );
    expectFailure(res, 400, /Email already in use/);
    expect((await profile(me.tokens.access)).pendingEmail).toBeUndefined();
  });
});

describe('with MFA on', () => {
  async function userWithMfa() {
    const phone = '+33655500011';
    const me = await signedInUser(t, 'ROLE_USER', { phone });
    const on = await turnOnSmsFactor(t, me.tokens.access, phone);
    expect(on.statusCode, on.body).toBe(200);
    return { ...me, phone };
  }

  it('a change of password needs the SMS code as well as the password', async () => {
    const me = await userWithMfa();
    const request = {
      currentPassword: PASSWORD,
      newPassword: 'a fresh long secret',
      confirmNewPassword: 'a fresh long secret',
    };
    const before = (await storedUser(t, me.id)).passwordHash;
    expectFailure(await changePassword(me.tokens.access, request), 400, CODE_NEEDED);
    const code = await smsCode(me.tokens.access, me.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectFailure(await changePassword(me.tokens.access, { ...request, code: wrong }), 400, CODE_WRONG);
    // Neither refusal changed the password.
    expect((await storedUser(t, me.id)).passwordHash).toBe(before);
    expectSuccess(
      await changePassword(me.tokens.access, { ...request, code }),
      'Password updated successfully',
    );
    expect((await login(t, me.email, 'a fresh long secret')).statusCode).toBe(200);
    expect((await lastMessageTo(t, me.email)).subject).toMatch(/password changed/);
  });

  it('a code sent for a change never completes a login, and a login code never makes a change', async () => {
    const me = await userWithMfa();
    const changeCode = await smsCode(me.tokens.access, me.phone);
    const verify = (code: string) =>
      call(t, { method: 'GET', url: `/api/user/verify/code/${encodeURIComponent(me.email)}/${code}` });
    // A session alone asked for that code: it must not open a new session without the password.
    const stolen = await verify(changeCode);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).not.toMatch(/access_token|refresh_token/);

    expect((await login(t, me.email)).json().message).toBe('Verification Code Sent');
    const loginCode = await smsCodeFor(t, me.phone);
    const request = {
      currentPassword: PASSWORD,
      newPassword: 'a fresh long secret',
      confirmNewPassword: 'a fresh long secret',
    };
    expectFailure(await changePassword(me.tokens.access, { ...request, code: loginCode }), 400, CODE_WRONG);
    // Each still works for its own purpose.
    expect((await verify(loginCode)).json().message).toBe('Login Success');
    expectSuccess(
      await changePassword(me.tokens.access, { ...request, code: changeCode }),
      'Password updated successfully',
    );
  });

  it('turning MFA off needs the password and the code', async () => {
    const me = await userWithMfa();
    const off = (payload?: object) =>
      call(t, { method: 'PATCH', url: '/api/user/togglemfa', token: me.tokens.access, payload });
    expectFailure(await off(), 400, PASSWORD_NEEDED);
    expectFailure(await off({ currentPassword: PASSWORD }), 400, CODE_NEEDED);
    expect((await storedUser(t, me.id)).usingMfa).toBe(true);
    const code = await smsCode(me.tokens.access, me.phone);
    expectSuccess(await off({ currentPassword: PASSWORD, code }), 'Multi-Factor Authentication updated');
    expect((await storedUser(t, me.id)).usingMfa).toBe(false);
    expect((await lastMessageTo(t, me.email)).subject).toMatch(/multi-factor authentication/);
  });
});

describe('turning the SMS factor on', () => {
  const toggle = (token: string, payload?: object) =>
    call(t, { method: 'PATCH', url: '/api/user/togglemfa', token, payload });

  it('needs the password and a code sent to the saved phone, which proves the phone receives them', async () => {
    const phone = '+33655500021';
    const me = await signedInUser(t, 'ROLE_USER', { phone });
    expectFailure(await toggle(me.tokens.access), 400, PASSWORD_NEEDED);
    expectFailure(await toggle(me.tokens.access, { currentPassword: PASSWORD }), 400, CODE_NEEDED);
    const code = await smsCode(me.tokens.access, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectFailure(
      await toggle(me.tokens.access, { currentPassword: PASSWORD, code: wrong }),
      400,
      CODE_WRONG,
    );
    expectFailure(
      await toggle(me.tokens.access, { currentPassword: 'not my password', code }),
      400,
      WRONG_PASSWORD,
    );
    expect((await storedUser(t, me.id)).usingMfa).toBe(false);

    expectSuccess(
      await toggle(me.tokens.access, { currentPassword: PASSWORD, code }),
      'Multi-Factor Authentication updated',
    );
    expect((await storedUser(t, me.id)).usingMfa).toBe(true);
    expect((await login(t, me.email)).json().message).toBe('Verification Code Sent');
  });

  it('sends no code to an account without a phone', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const sent = await call(t, { method: 'POST', url: '/api/user/step-up/code', token: me.tokens.access });
    expectFailure(sent, 400, 'Add a phone number to your account first: the code is sent to it by SMS.');
  });

  it('holds the phone while it is on: a new number is proven by a code sent to it when turned on again', async () => {
    const phone = '+33655500031';
    const newPhone = '+33655500032';
    const me = await signedInUser(t, 'ROLE_USER', { phone });
    expect((await turnOnSmsFactor(t, me.tokens.access, phone)).statusCode).toBe(200);
    const code = await smsCode(me.tokens.access, phone);
    for (const changed of [newPhone, null]) {
      const res = await update(
        me.tokens.access,
        updateBody(me, { phone: changed, currentPassword: PASSWORD, code }),
      );
      expectFailure(res, 400, PHONE_HELD_BY_MFA);
      expect((await storedUser(t, me.id)).phone).toBe(phone);
    }

    expectSuccess(
      await toggle(me.tokens.access, { currentPassword: PASSWORD, code }),
      'Multi-Factor Authentication updated',
    );
    expectSuccess(
      await update(me.tokens.access, updateBody(me, { phone: newPhone, currentPassword: PASSWORD })),
      'User updated',
    );
    // The code that turns the factor on again goes to the new number.
    expect((await turnOnSmsFactor(t, me.tokens.access, newPhone)).statusCode).toBe(200);
    expect((await storedUser(t, me.id)).usingMfa).toBe(true);
  });
});

describe("the current password can't be guessed through a stolen session", () => {
  it('locks after 6 wrong passwords, even for the right one, and counts guesses sent at once', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const attempt = (currentPassword: string) =>
      changePassword(me.tokens.access, {
        currentPassword,
        newPassword: 'whatever long one',
        confirmNewPassword: 'whatever long one',
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`wrong guess ${i}`)));
    const checked = answers.filter((a) => a.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(6);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(20 - checked);
    expectFailure(await attempt(PASSWORD), 429, /Too many wrong passwords/);
    expect((await login(t, me.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('the former address hears of every change', () => {
  it('a new phone number (with the password) sends a notice to the account address', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    expectFailure(
      await update(me.tokens.access, updateBody(me, { phone: '+33612121212' })),
      400,
      PASSWORD_NEEDED,
    );
    expectSuccess(
      await update(me.tokens.access, updateBody(me, { phone: '+33612121212', currentPassword: PASSWORD })),
      'User updated',
    );
    const notice = await lastMessageTo(t, me.email);
    expect(notice.subject).toMatch(/phone number changed/);
  });

  it('"this wasn\'t me" gives the address back, ends every session and locks the account until a reset', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const thief = await login(t, me.email);
    const thiefToken = thief.json().data.access_token as string;
    const newEmail = uniqueEmail('thief');
    await update(thiefToken, updateBody(me, { email: newEmail, currentPassword: PASSWORD }));
    const confirm = await keyOfLink(newEmail, '/user/verify/email');
    expect((await call(t, { method: 'GET', url: `/api/user/verify/email/${confirm}` })).statusCode).toBe(200);
    expect((await storedUser(t, me.id)).email).toBe(newEmail);

    const report = await keyOfLink(me.email, '/user/report/change');
    const reported = await call(t, { method: 'POST', url: `/api/user/report/change/${report}` });
    expect(reported.json()).toMatchObject({ statusCode: 200, message: /locked and signed out everywhere/ });
    expect((await storedUser(t, me.id)).email).toBe(me.email);
    // Every session ended: the thief's and the owner's.
    for (const token of [thiefToken, me.tokens.access]) {
      expect((await call(t, { method: 'GET', url: '/api/user/profile', token })).statusCode).toBe(401);
    }
    // Locked, even with the right password, until the owner resets it from their mailbox.
    expect((await login(t, me.email)).statusCode).toBe(429);
    expect((await login(t, newEmail)).statusCode).toBe(401);
    expectFailure(
      await call(t, { method: 'POST', url: `/api/user/report/change/${report}` }),
      400,
      /not valid/,
    );

    await call(t, { method: 'GET', url: `/api/user/resetpassword/${encodeURIComponent(me.email)}` });
    const resetKey = await linkKeyFor(t, me.email, 'password');
    const reset = await call(t, {
      method: 'PUT',
      url: '/api/user/new/password',
      payload: {
        userId: me.id,
        password: 'the owner is back',
        confirmPassword: 'the owner is back',
        key: resetKey,
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(t, me.email, 'the owner is back')).statusCode).toBe(200);
  });
});

describe("an administrator and another user's keys", () => {
  it("may not change another user's e-mail or phone, even with their own password", async () => {
    const owner = await signedInUser(t, 'ROLE_SYSADMIN');
    const user = await createUserWithRole(t, 'ROLE_USER', { organisationId: owner.organisationId });
    for (const change of [{ email: uniqueEmail('taken') }, { phone: '+33699999999' }]) {
      const res = await update(
        owner.tokens.access,
        updateBody(user, { ...change, currentPassword: PASSWORD }),
      );
      expectFailure(res, 403, "Only the account's owner can change its e-mail address or phone number.");
    }
    expect(await storedUser(t, user.id)).toMatchObject({ email: user.email, phone: null });
    // Other fields stay theirs to edit, as before.
    expectSuccess(
      await update(owner.tokens.access, updateBody(user, { title: 'Accountant' })),
      'User updated',
    );
  });
});
