/**
 * Every call that sets a password refuses a common or guessable one (issue 19, point 6): registering, the new
 * password of a reset, the change on the profile, and the account made from an invitation (the user:create command
 * is in create-user-cli.test.ts). The refusal is a 400 whose reason says why, and it changes nothing: no account, the
 * old password still in force, the reset link and the invitation still usable. A long passphrase is accepted, up to
 * PASSWORD_MAX_LENGTH characters and all of them counted; one built from the site's own name is refused.
 */
import { PASSWORD_MAX_LENGTH } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/seed-demo.js';
import {
  assertPasswordStrongEnough,
  PASSWORD_ABOUT_YOU,
  PASSWORD_TOO_COMMON,
} from '../src/modules/auth/password-strength.js';
import {
  call,
  lastMessageTo,
  linkKeyFor,
  login,
  registerAndConfirm,
  tokensFor,
  uniqueEmail,
} from './support/accounts.js';
import { eventCount, sqlCount } from './support/auth-helpers.js';
import { expectFailure } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** A passphrase of unrelated words, as the refusal suggests. */
const PASSPHRASE = 'ochre lantern swims past quiet granite';
/** 100 characters: well past the 64 that a password must at least be allowed to have. */
const LONG_PASSPHRASE =
  'ochre lantern swims past quiet granite while seven copper herons argue about distant winter harbours';
const KEYBOARD_ROW =
  /^This password is too easy to guess\. Straight rows of keys on your keyboard are easy to guess\. Choose a longer one/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const messagesTo = (recipient: string) =>
  sqlCount(t, sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${recipient}`);
const accountsWith = (email: string) =>
  sqlCount(t, sql`SELECT count(*) AS n FROM users WHERE lower(email) = lower(${email})`);

describe('POST /api/user/register', () => {
  const register = (email: string, password: string) =>
    call(t, {
      method: 'POST',
      url: '/api/user/register',
      payload: { firstName: 'Amina', lastName: 'Benali', email, password },
    });

  it.each([
    ['password123', PASSWORD_TOO_COMMON],
    ['P@ssw0rd', PASSWORD_TOO_COMMON],
    ['motdepasse', PASSWORD_TOO_COMMON],
    ['azertyuiop', KEYBOARD_ROW],
    ['Benali1990', PASSWORD_ABOUT_YOU],
    ['amina2024!', PASSWORD_ABOUT_YOU],
  ])('refuses "%s" with the reason, and creates no account', async (password, reason) => {
    const email = uniqueEmail('weak');
    expectFailure(await register(email, password), 400, reason);
    expect(await accountsWith(email)).toBe(0);
    expect(await messagesTo(email)).toBe(0);
  });

  it('accepts a long passphrase', async () => {
    const email = uniqueEmail('strong');
    expect((await register(email, PASSPHRASE)).statusCode).toBe(201);
    expect(await accountsWith(email)).toBe(1);
  });

  // Without the site's words (SITE_WORDS) the check rates these strong: naming the site is what makes them weak.
  it.each(['coranhadith2024', 'Coran-Hadith!', 'hadithcoran1987'])(
    'refuses "%s", built from the site\'s name, with that reason, and creates no account',
    async (password) => {
      const email = uniqueEmail('site');
      expectFailure(
        await register(email, password),
        400,
        "This password is too easy to guess: it contains this site's name. Choose another.",
      );
      expect(await accountsWith(email)).toBe(0);
      expect(await messagesTo(email)).toBe(0);
    },
  );

  it('accepts PASSWORD_MAX_LENGTH characters, and refuses one more with the limit as reason, creating nothing', async () => {
    const longest = `${LONG_PASSPHRASE} ${LONG_PASSPHRASE}`.slice(0, PASSWORD_MAX_LENGTH);
    const accepted = uniqueEmail('longest');
    expect((await register(accepted, longest)).statusCode).toBe(201);

    const refused = uniqueEmail('too.long');
    expectFailure(
      await register(refused, `${longest}s`),
      400,
      `Invalid body: password: Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    );
    expect(await accountsWith(refused)).toBe(0);
    expect(await messagesTo(refused)).toBe(0);
  });
});

describe('a password of more than 64 characters', () => {
  it('registers, confirms and logs in, and every character counts', async () => {
    expect(LONG_PASSPHRASE).toHaveLength(100);
    const account = await registerAndConfirm(t, { password: LONG_PASSPHRASE });

    const res = await login(t, account.email, LONG_PASSPHRASE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Login Success');
    // Not cut short: the same passphrase with its last character changed is another password.
    expect((await login(t, account.email, `${LONG_PASSPHRASE.slice(0, -1)}z`)).statusCode).toBe(401);
  });
});

describe('PUT /api/user/new/password (after a reset)', () => {
  it('refuses a common password and leaves the link usable and the old password in force', async () => {
    const account = await registerAndConfirm(t);
    await call(t, { method: 'GET', url: `/api/user/resetpassword/${encodeURIComponent(account.email)}` });
    const key = await linkKeyFor(t, account.email, 'password');
    const setPassword = (password: string) =>
      call(t, {
        method: 'PUT',
        url: '/api/user/new/password',
        payload: { userId: account.id, password, confirmPassword: password, key },
      });

    expectFailure(await setPassword('password123'), 400, PASSWORD_TOO_COMMON);
    expect((await login(t, account.email, account.password)).statusCode).toBe(200);
    expect(await eventCount(t, account.id, 'PASSWORD_UPDATE')).toBe(0);

    expect((await setPassword(PASSPHRASE)).statusCode).toBe(200);
    expect((await login(t, account.email, PASSPHRASE)).statusCode).toBe(200);
  });
});

describe('PATCH /api/user/update/password', () => {
  it('refuses a keyboard row and changes nothing: same password, no event, no notice', async () => {
    const account = await registerAndConfirm(t);
    const { access } = await tokensFor(t, account.email);
    const messagesBefore = await messagesTo(account.email);
    const change = (newPassword: string) =>
      call(t, {
        method: 'PATCH',
        url: '/api/user/update/password',
        token: access,
        payload: { currentPassword: account.password, newPassword, confirmNewPassword: newPassword },
      });

    expectFailure(await change('azertyuiop'), 400, KEYBOARD_ROW);
    expect((await login(t, account.email, account.password)).statusCode).toBe(200);
    expect(await eventCount(t, account.id, 'PASSWORD_UPDATE')).toBe(0);
    expect(await messagesTo(account.email)).toBe(messagesBefore);

    expect((await change(PASSPHRASE)).statusCode).toBe(200);
    expect((await login(t, account.email, PASSPHRASE)).statusCode).toBe(200);
  });
});

describe('POST /api/organisation/invitation/{key}/signup', () => {
  it('refuses a common password and leaves the invitation usable; a passphrase then creates the account', async () => {
    const owner = await registerAndConfirm(t);
    const { access } = await tokensFor(t, owner.email);
    const invited = uniqueEmail('invited');
    const sent = await call(t, {
      method: 'POST',
      url: '/api/organisation/invitations',
      token: access,
      payload: { email: invited, roleName: 'ROLE_USER' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const key = /\/invitation\/([A-Za-z0-9_-]+)/.exec((await lastMessageTo(t, invited)).body)?.[1];
    const signUp = (password: string) =>
      call(t, {
        method: 'POST',
        url: `/api/organisation/invitation/${key}/signup`,
        payload: { firstName: 'Karim', lastName: 'Haddad', password },
      });

    expectFailure(await signUp('password123'), 400, PASSWORD_TOO_COMMON);
    expect(await accountsWith(invited)).toBe(0);
    expect((await call(t, { method: 'GET', url: `/api/organisation/invitation/${key}` })).statusCode).toBe(
      200,
    );

    expect((await signUp(PASSPHRASE)).statusCode).toBe(201);
    expect(await accountsWith(invited)).toBe(1);
  });
});

describe('the demo accounts of the README', () => {
  it('have a password that the check accepts', async () => {
    for (const account of DEMO_ACCOUNTS) {
      await expect(assertPasswordStrongEnough(DEMO_PASSWORD, account)).resolves.toBeUndefined();
    }
  });
});
