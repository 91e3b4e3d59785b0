/**
 * Mes classes on the server: GET /api/progress, PUT and DELETE /api/progress/lessons/{slug}. Each signed-in
 * user keeps their own progress and reaches no one else's (the calls take no user id); only lessons of the
 * course are accepted; marking twice is marking once; a signed-out caller gets 401.
 */
import fs from 'node:fs';
import type { ProgressData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { call, signedInUser } from './support/accounts.js';
import { rows } from './support/customers.js';
import { expectFailure, expectSuccess, NOT_LOGGED_IN } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const COURSE = JSON.parse(
  fs.readFileSync(new URL('../../web/public/assets/coursArabe.json', import.meta.url), 'utf8'),
) as { modules: { cours: { slug: string }[] }[] };
const SLUGS = COURSE.modules.flatMap((module) => module.cours.map((lesson) => lesson.slug));

let t: TestApp;
let amina: Awaited<ReturnType<typeof signedInUser>>;
let yusuf: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  [amina, yusuf] = await Promise.all([signedInUser(t, 'ROLE_USER'), signedInUser(t, 'ROLE_SYSADMIN')]);
});
afterAll(() => t.close());

type Caller = { tokens: { access: string } };
const progress = (who: Caller, query = '') =>
  call(t, { method: 'GET', url: `/api/progress${query}`, token: who.tokens.access });
const mark = (who: Caller, method: 'PUT' | 'DELETE', slug: string) =>
  call(t, { method, url: `/api/progress/lessons/${slug}`, token: who.tokens.access });

const doneSlugs = async (who: Caller) =>
  expectSuccess<ProgressData>(await progress(who), 'Progress retrieved').lessons.map((l) => l.slug);

async function storedRows(userId: number) {
  return rows<{ slug: string }>(
    t,
    sql`SELECT lesson_slug AS slug FROM lesson_progress WHERE user_id = ${userId} ORDER BY lesson_slug`,
  );
}

describe('progress through the Arabic course', () => {
  it('starts empty, with the caller as user', async () => {
    const data = expectSuccess<ProgressData>(await progress(amina), 'Progress retrieved');
    expect(data.lessons).toEqual([]);
    expect(data.user).toMatchObject({ id: amina.id, email: amina.email });
  });

  it('marks a lesson done once, however often it is marked, keeping the first date', async () => {
    const first = expectSuccess<ProgressData>(
      await mark(amina, 'PUT', 'alphabet-1'),
      'Lesson marked as done',
    );
    expect(first.lessons).toEqual([{ slug: 'alphabet-1', completedAt: expect.any(String) }]);
    const completedAt = first.lessons[0]?.completedAt ?? '';
    expect(new Date(completedAt).toISOString()).toBe(completedAt);
    const again = expectSuccess<ProgressData>(
      await mark(amina, 'PUT', 'alphabet-1'),
      'Lesson marked as done',
    );
    expect(again.lessons).toEqual([{ slug: 'alphabet-1', completedAt }]);
    expect(await storedRows(amina.id)).toEqual([{ slug: 'alphabet-1' }]);
  });

  it('marks a lesson not done, and again without error', async () => {
    await mark(amina, 'PUT', 'alphabet-2');
    const undone = expectSuccess<ProgressData>(
      await mark(amina, 'DELETE', 'alphabet-2'),
      'Lesson marked as not done',
    );
    expect(undone.lessons.map((l) => l.slug)).toEqual(['alphabet-1']);
    const twice = expectSuccess<ProgressData>(
      await mark(amina, 'DELETE', 'alphabet-2'),
      'Lesson marked as not done',
    );
    expect(twice.lessons.map((l) => l.slug)).toEqual(['alphabet-1']);
    expect(await doneSlugs(amina)).toEqual(['alphabet-1']);
  });

  it('accepts every lesson of the course, and lists them oldest first', async () => {
    const learner = await signedInUser(t, 'ROLE_MANAGER');
    for (const slug of SLUGS) expect((await mark(learner, 'PUT', slug)).statusCode).toBe(200);
    expect(await doneSlugs(learner)).toEqual(SLUGS);
  });

  it.each([
    ['a slug the course does not have', 'not-a-lesson', /^The course has no lesson not-a-lesson$/],
    ['a slug with capitals', 'Alphabet-1', /^Invalid params: slug: /],
    ['a slug with other characters', 'alphabet_1', /^Invalid params: slug: /],
    ['a path in disguise', '..%2F..%2Fusers', /^Invalid params: slug: /],
  ])('refuses %s (400), writing nothing', async (_case, slug, reason) => {
    const before = await storedRows(yusuf.id);
    expectFailure(await mark(yusuf, 'PUT', slug), 400, reason);
    expectFailure(await mark(yusuf, 'DELETE', slug), 400, reason);
    expect(await storedRows(yusuf.id)).toEqual(before);
  });

  it("keeps each user's progress apart", async () => {
    await mark(yusuf, 'PUT', 'pronoms-personnels');
    await mark(yusuf, 'PUT', 'alphabet-1');
    expect(await doneSlugs(amina)).toEqual(['alphabet-1']);
    expect(await doneSlugs(yusuf)).toEqual(['pronoms-personnels', 'alphabet-1']);
    // Undoing a lesson both did changes only the caller's.
    await mark(yusuf, 'DELETE', 'alphabet-1');
    expect(await doneSlugs(amina)).toEqual(['alphabet-1']);
    expect(await doneSlugs(yusuf)).toEqual(['pronoms-personnels']);
  });

  it("gives no way to read or write another user's progress", async () => {
    // A user id in the query, the body or the address is not a way in: the caller is the token's user.
    expect(await doneSlugs(yusuf)).toEqual(['pronoms-personnels']);
    const asked = expectSuccess<ProgressData>(
      await progress(yusuf, `?userId=${amina.id}`),
      'Progress retrieved',
    );
    expect(asked.user.id).toBe(yusuf.id);
    expect(asked.lessons.map((l) => l.slug)).toEqual(['pronoms-personnels']);
    await call(t, {
      method: 'PUT',
      url: '/api/progress/lessons/masculin-feminin',
      token: yusuf.tokens.access,
      payload: { userId: amina.id },
    });
    expect(await doneSlugs(amina)).toEqual(['alphabet-1']);
    expect(
      (await call(t, { method: 'GET', url: `/api/progress/${amina.id}`, token: yusuf.tokens.access }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, {
          method: 'GET',
          url: `/api/progress/users/${amina.id}/lessons`,
          token: yusuf.tokens.access,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('does not show a lesson the course no longer has', async () => {
    await t.database.db.execute(
      sql`INSERT INTO lesson_progress (user_id, lesson_slug) VALUES (${amina.id}, 'lecon-retiree')`,
    );
    expect(await doneSlugs(amina)).toEqual(['alphabet-1']);
  });

  it('refuses a signed-out caller (401) and an invalid token', async () => {
    for (const [method, url] of [
      ['GET', '/api/progress'],
      ['PUT', '/api/progress/lessons/alphabet-1'],
      ['DELETE', '/api/progress/lessons/alphabet-1'],
    ] as const) {
      expectFailure(await call(t, { method, url }), 401, NOT_LOGGED_IN);
      expectFailure(await call(t, { method, url, token: 'not-a-token' }), 401);
    }
    expect(await doneSlugs(amina)).toEqual(['alphabet-1']);
  });
});
