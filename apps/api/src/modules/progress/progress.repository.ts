/**
 * SQL of Mes classes: the lessons a user marked done. Every function is bound to one user id, which the
 * routes take from the caller's token and never from the request.
 */
import type { CompletedLesson } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, asc, eq } from '../../db/orm.js';
import { lessonProgress } from '../../db/schema.js';

/** The user's done lessons, oldest first. */
export async function completedLessons(db: Queryable, userId: number): Promise<CompletedLesson[]> {
  const rows = await db
    .select({ slug: lessonProgress.lessonSlug, completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .orderBy(asc(lessonProgress.completedAt), asc(lessonProgress.lessonSlug));
  return rows.map((row) => ({ slug: row.slug, completedAt: row.completedAt.toISOString() }));
}

/** Marks a lesson done; marking it again keeps the date it was first done. */
export async function markLessonDone(db: Queryable, userId: number, slug: string): Promise<void> {
  await db.insert(lessonProgress).values({ userId, lessonSlug: slug }).onConflictDoNothing();
}

/** Marks a lesson not done (again); nothing happens when it was not done. */
export async function markLessonNotDone(db: Queryable, userId: number, slug: string): Promise<void> {
  await db
    .delete(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonSlug, slug)));
}
