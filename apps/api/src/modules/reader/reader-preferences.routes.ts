/**
 * /api/reader-preferences: what the Quran reader keeps on a signed-in user's account (the Arabic reciter), so
 * that the choice made on one device is found on another. Any signed-in user may keep theirs; the calls take no
 * user id (the caller of the access token is the user), and only a reciter the reader offers is accepted.
 */
import {
  ReaderPreferencesAnswerSchema,
  ReaderPreferencesBodySchema,
  type ReaderPreferences,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-context.js';
import type { Queryable } from '../../db/database.js';
import { eq } from '../../db/orm.js';
import { readerPreferences } from '../../db/schema.js';
import { signedInCall } from '../../lib/api-docs.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { successBody } from '../../lib/envelope.js';
import { callerOf } from '../auth/auth.module.js';

async function preferencesOf(db: Queryable, userId: number): Promise<ReaderPreferences> {
  const [row] = await db
    .select({ reciter: readerPreferences.reciter })
    .from(readerPreferences)
    .where(eq(readerPreferences.userId, userId));
  return { reciter: row?.reciter ?? null };
}

export const readerPreferencesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { db } = context.database;
  const { guard } = context.auth;

  app.get(
    '/',
    {
      schema: {
        ...signedInCall('reader', "The caller's Quran reader preferences (the reciter, null until chosen)"),
        response: { 200: ReaderPreferencesAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(200, 'Reader preferences retrieved', await preferencesOf(db, callerOf(request).user.id)),
  );

  app.put(
    '/',
    {
      schema: {
        ...signedInCall('reader', "Keep the caller's chosen reciter"),
        body: ReaderPreferencesBodySchema,
        response: { 200: ReaderPreferencesAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => {
      const userId = callerOf(request).user.id;
      const { reciter } = request.body;
      await db
        .insert(readerPreferences)
        .values({ userId, reciter })
        .onConflictDoUpdate({ target: readerPreferences.userId, set: { reciter, updatedAt: new Date() } });
      return successBody(200, 'Reader preferences saved', await preferencesOf(db, userId));
    },
  );
};
