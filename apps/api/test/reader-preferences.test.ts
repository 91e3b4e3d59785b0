/**
 * The Quran reader's preferences on the account: GET and PUT /api/reader-preferences. Each signed-in user keeps
 * their own reciter and reaches no one else's; only a reciter the reader offers is accepted, and a refused one
 * changes nothing; a signed-out caller gets 401.
 */
import type { ReaderPreferences } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from './support/accounts.js';
import { expectFailure, expectSuccess, NOT_LOGGED_IN } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let amina: Awaited<ReturnType<typeof signedInUser>>;
let yusuf: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  [amina, yusuf] = await Promise.all([signedInUser(t, 'ROLE_USER'), signedInUser(t, 'ROLE_ADMIN')]);
});
afterAll(() => t.close());

type Caller = { tokens: { access: string } };
const read = (who: Caller) =>
  call(t, { method: 'GET', url: '/api/reader-preferences', token: who.tokens.access });
const keep = (who: Caller, reciter: unknown) =>
  call(t, { method: 'PUT', url: '/api/reader-preferences', token: who.tokens.access, payload: { reciter } });

describe('the reader’s preferences on the account', () => {
  it('have no reciter until one is chosen, then keep the caller’s own', async () => {
    expect(expectSuccess<ReaderPreferences>(await read(amina), 'Reader preferences retrieved')).toEqual({
      reciter: null,
    });
    expect(
      expectSuccess<ReaderPreferences>(await keep(amina, 'ar.alafasy'), 'Reader preferences saved'),
    ).toEqual({
      reciter: 'ar.alafasy',
    });
    expectSuccess(await keep(amina, 'ar.husary'), 'Reader preferences saved');
    expect(expectSuccess<ReaderPreferences>(await read(amina), 'Reader preferences retrieved').reciter).toBe(
      'ar.husary',
    );
    // Another user's are their own.
    expect(
      expectSuccess<ReaderPreferences>(await read(yusuf), 'Reader preferences retrieved').reciter,
    ).toBeNull();
  });

  it('refuse a reciter the reader does not offer, changing nothing', async () => {
    expectSuccess(await keep(yusuf, 'ar.minshawi'), 'Reader preferences saved');
    for (const reciter of ['ar.unknown', 'fr.leclerc', '', 42, null]) {
      expectFailure(await keep(yusuf, reciter), 400);
    }
    expect(expectSuccess<ReaderPreferences>(await read(yusuf), 'Reader preferences retrieved').reciter).toBe(
      'ar.minshawi',
    );
  });

  it('are for signed-in users only', async () => {
    expectFailure(await call(t, { method: 'GET', url: '/api/reader-preferences' }), 401, NOT_LOGGED_IN);
    expectFailure(
      await call(t, { method: 'PUT', url: '/api/reader-preferences', payload: { reciter: 'ar.alafasy' } }),
      401,
      NOT_LOGGED_IN,
    );
  });
});
