/**
 * /api/progress: Mes classes, the signed-in user's progress through the Arabic course (decision 0010).
 * Any signed-in user may keep one. The calls take no user id: the user is the caller of the access token,
 * so nobody can read or change another's progress. Only lessons of the course are accepted, and marking a
 * lesson done or not done twice is the same as once. Every answer is the caller's whole progress, with the
 * caller as `user`, like the customer calls.
 */
import { signedInCall } from '../../lib/api-docs.js';
import { LessonParamsSchema, ProgressAnswerSchema, type ProgressData } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-context.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { AppError } from '../../lib/app-error.js';
import { successBody } from '../../lib/envelope.js';
import { callerOf, callerUser } from '../auth/auth.module.js';
import { courseFileCandidates, loadCourseLessons } from './course-lessons.js';
import { completedLessons, markLessonDone, markLessonNotDone } from './progress.repository.js';

export const progressRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { config } = context;
  const { db } = context.database;
  const { guard } = context.auth;
  const lessons = new Set(loadCourseLessons(courseFileCandidates(config.webDistDir)));

  /** The caller's progress, limited to the lessons the course has now (a removed lesson is not shown). */
  async function progressOf(request: FastifyRequest): Promise<ProgressData> {
    const user = callerUser(request);
    const done = await completedLessons(db, user.id);
    return { user, lessons: done.filter((lesson) => lessons.has(lesson.slug)) };
  }

  function courseLesson(slug: string): string {
    if (!lessons.has(slug)) throw AppError.badRequest(`The course has no lesson ${slug}`);
    return slug;
  }

  app.get(
    '/',
    {
      schema: {
        ...signedInCall('progress', "The caller's done lessons, oldest first"),
        response: { 200: ProgressAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => successBody(200, 'Progress retrieved', await progressOf(request)),
  );

  app.put(
    '/lessons/:slug',
    {
      schema: {
        ...signedInCall('progress', 'Mark a lesson of the course done'),
        params: LessonParamsSchema,
        response: { 200: ProgressAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => {
      await markLessonDone(db, callerOf(request).user.id, courseLesson(request.params.slug));
      return successBody(200, 'Lesson marked as done', await progressOf(request));
    },
  );

  app.delete(
    '/lessons/:slug',
    {
      schema: {
        ...signedInCall('progress', 'Mark a lesson of the course not done'),
        params: LessonParamsSchema,
        response: { 200: ProgressAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => {
      await markLessonNotDone(db, callerOf(request).user.id, courseLesson(request.params.slug));
      return successBody(200, 'Lesson marked as not done', await progressOf(request));
    },
  );
};
