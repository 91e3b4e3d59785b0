/**
 * /api/user/sessions (issue 19): the caller's live sessions, and ending one of them or all the others.
 * Routes stay thin: the guard, the shared schemas, then sessions.service.ts.
 */
import { SessionIdParamsSchema, SessionsAnswerSchema, StepUpSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-context.js';
import { signedInCall } from '../../lib/api-docs.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { successBody } from '../../lib/envelope.js';
import { callerOf } from './auth-guard.js';
import { endOtherSessions, endSession, sessionsOf } from './sessions.service.js';

/** Ending a session other than the caller's own needs the current password. */
const PasswordBodySchema = StepUpSchema.pick({ currentPassword: true }).nullish();

export const sessionsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { ctx, guard } = context.auth;
  app.get(
    '/sessions',
    {
      schema: {
        ...signedInCall('accounts', 'Your live sessions (device, address, times), most recently used first'),
        response: { 200: SessionsAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => successBody(200, 'Sessions retrieved', await sessionsOf(ctx.db, callerOf(request))),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'End one of your sessions (your own: a logout; another: with your current password); answers with those that remain',
        ),
        params: SessionIdParamsSchema,
        body: PasswordBodySchema,
        response: { 200: SessionsAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Session ended',
        await endSession(ctx, callerOf(request), request.params.id, request.body?.currentPassword),
      ),
  );

  app.post(
    '/sessions/end-others',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'End every session of yours but the one asking (with your current password)',
        ),
        body: PasswordBodySchema,
        response: { 200: SessionsAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Other sessions ended',
        await endOtherSessions(ctx, callerOf(request), request.body?.currentPassword),
      ),
  );
};
