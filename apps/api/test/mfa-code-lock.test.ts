/**
 * A second-factor code used twice at once logs in once (ASVS 5.0 6.5.1). Two requests with the right code rarely
 * overlap inside the check, so accounts-login.test.ts's concurrent test cannot tell whether the row lock is there:
 * here the first check is held open inside its transaction, and the second must wait for it, then find the code used.
 * Only on a PostgreSQL server: embedded PGlite has one connection, which runs one transaction at a time anyway.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../src/db/orm.js';
import { checkMfaCode, openAppCodeStep } from '../src/modules/auth/mfa-codes.js';
import { registerAndConfirm } from './support/accounts.js';
import { sqlCount } from './support/auth-helpers.js';
import { testDriver } from './support/test-database.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A promise and the function that settles it. */
function held<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

/** Statements of this database waiting for a lock another transaction holds. */
const lockWaits = () =>
  sqlCount(
    t,
    sql`SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );

describe.runIf(testDriver === 'postgres')('a login code checked twice at once', () => {
  it('is checked by one transaction at a time: the second waits, then finds the code used', async () => {
    const account = await registerAndConfirm(t);
    // The authenticator app's step: its check is a callback, which lets the test hold the first one open.
    await openAppCodeStep(t.database.db, account.id);
    const firstInside = held<true>();
    const releaseFirst = held<true>();
    let secondChecked = false;

    const first = t.database.db.transaction((tx) =>
      checkMfaCode(tx, account.id, 'LOGIN', '123456', async () => {
        firstInside.settle(true);
        await releaseFirst.promise;
        return true;
      }),
    );
    await firstInside.promise;
    const second = t.database.db.transaction((tx) =>
      checkMfaCode(tx, account.id, 'LOGIN', '123456', async () => {
        secondChecked = true;
        return true;
      }),
    );
    // Either the second waits for the row (the lock), or, without it, it reaches its own check at once.
    await vi.waitFor(
      async () => {
        if (!secondChecked) expect(await lockWaits()).toBeGreaterThan(0);
      },
      { timeout: 15_000, interval: 20 },
    );
    releaseFirst.settle(true);

    expect(await first).toBe('accepted');
    expect(secondChecked).toBe(false);
    expect(await second).toBe('expired');
  });
});
