/**
 * No guessing in parallel (issue 19, point 1): the login lockout and the per-account counts of second-factor codes
 * hold when guesses arrive at once; after the limit even the right secret is refused until the lock ends; a success
 * never erases the failures of attempts that ran beside it; and a new login does not give the codes a new count.
 * (Two instances: two-processes.test.ts; Redis down: rate-limits-redis.test.ts; the current password:
 * accounts-step-up.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { guess, loginSubject } from '../src/modules/auth/guess-limits.js';
import {
  call,
  newAddress,
  PASSWORD,
  registerAndConfirm,
  smsCodeFor,
  uniqueEmail,
} from './support/accounts.js';
import { registerWithMfa, sqlRows } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each from its own address, so the per-address limit of the login call plays no part. */
const logIn = (email: string, password: string) =>
  call(t, { method: 'POST', url: '/api/user/login', payload: { email, password }, address: newAddress() });

const verifyCode = (email: string, code: string) =>
  call(t, {
    method: 'GET',
    url: `/api/user/verify/code/${encodeURIComponent(email)}/${code}`,
    address: newAddress(),
  });

async function failuresOf(kind: string, subject: string): Promise<number> {
  const [row] = await sqlRows<{ failures: number }>(
    t,
    sql`SELECT failures FROM guess_counts WHERE kind = ${kind} AND subject = ${subject}`,
  );
  return row?.failures ?? 0;
}

/** A promise and the function that settles it: an attempt's check held open until the test lets it finish. */
function held<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('the login lockout', () => {
  it('checks at most 6 of 60 wrong passwords sent at once, then refuses even the right one', async () => {
    const account = await registerAndConfirm(t);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => logIn(account.email, `guess ${i}`)),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(6);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - checked);
    const right = await logIn(account.email, account.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().reason).toMatch(/^Too many failed login attempts/);
  });

  it('holds the same for an address with no account', async () => {
    const email = uniqueEmail('nobody');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => logIn(email, `guess ${i}`)));
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(6);
    expect((await logIn(email, 'one more')).statusCode).toBe(429);
  });

  it('a success keeps the failures of attempts that ran beside it, and clears those before it', async () => {
    const email = uniqueEmail('beside');
    const subject = loginSubject(email);
    const attempt = (check: () => Promise<boolean>) => guess(t.database.db, 'LOGIN', subject, 15, check);
    for (let i = 0; i < 3; i++) expect(await attempt(async () => false)).toBe('wrong');
    expect(await failuresOf('LOGIN', subject)).toBe(3);

    const right = held<boolean>();
    const wrong = held<boolean>();
    // Both are under way (being checked) before either settles.
    const successChecking = held<true>();
    const failureChecking = held<true>();
    const success = attempt(() => {
      successChecking.settle(true);
      return right.promise;
    });
    const failure = attempt(() => {
      failureChecking.settle(true);
      return wrong.promise;
    });
    await Promise.all([successChecking.promise, failureChecking.promise]);
    wrong.settle(false);
    expect(await failure).toBe('wrong');
    right.settle(true);
    expect(await success).toBe('right');
    // The three before the success are forgotten; the one beside it stays.
    expect(await failuresOf('LOGIN', subject)).toBe(1);
  });

  it('does not check an attempt that, with those under way, could go past the limit', async () => {
    const email = uniqueEmail('crowded');
    const subject = loginSubject(email);
    const attempt = (check: () => Promise<boolean>) => guess(t.database.db, 'LOGIN', subject, 15, check);
    for (let i = 0; i < 5; i++) await attempt(async () => false);
    const right = held<boolean>();
    // The second attempt is sent only once the first is being checked, that is once its place is taken: sent at
    // once, either could take the last place first.
    const checking = held<true>();
    const underWay = attempt(() => {
      checking.settle(true);
      return right.promise;
    });
    await checking.promise;
    let checkedBeyond = false;
    const beyond = await attempt(async () => {
      checkedBeyond = true;
      return true;
    });
    expect(beyond).toBe('locked');
    expect(checkedBeyond).toBe(false);
    right.settle(true);
    expect(await underWay).toBe('right');
    expect(await failuresOf('LOGIN', subject)).toBe(0);
  });
});

describe('second-factor codes', () => {
  it('are capped per account across logins: a new login does not start the count again', async () => {
    const { email, phone } = await registerWithMfa(t);
    let wrongSoFar = 0;
    for (const tries of [4, 4, 2]) {
      expect((await logIn(email, PASSWORD)).json().message).toBe('Verification Code Sent');
      const code = await smsCodeFor(t, phone);
      for (let i = 1; i <= tries; i++) {
        const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
        const res = await verifyCode(email, wrong);
        wrongSoFar += 1;
        expect(res.statusCode, `wrong code ${wrongSoFar}`).toBe(wrongSoFar < 10 ? 400 : 429);
      }
    }
    // Ten wrong codes over three logins: locked, even for a new login's right code.
    expect((await logIn(email, PASSWORD)).json().message).toBe('Verification Code Sent');
    const res = await verifyCode(email, await smsCodeFor(t, phone));
    expect(res.statusCode).toBe(429);
    expect(res.json().reason).toMatch(/^Too many wrong codes/);
  });

  it('checks at most the limit of 20 wrong codes sent at once', async () => {
    const { email, phone } = await registerWithMfa(t);
    expect((await logIn(email, PASSWORD)).json().message).toBe('Verification Code Sent');
    const code = await smsCodeFor(t, phone);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verifyCode(email, String((Number(code) + i + 1) % 1_000_000).padStart(6, '0')),
      ),
    );
    // Each code is void after 5 wrong tries (its own counter), and the account's count refuses past 10.
    expect(
      answers.filter((a) => a.json().reason === 'Code is invalid. Please try again.').length,
    ).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.statusCode !== 200)).toBe(true);
  });
});
