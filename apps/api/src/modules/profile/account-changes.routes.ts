/**
 * The calls around a change of the account's keys (step-up.ts, change-notices.ts): the SMS code that proves the
 * second factor for a change, the link that confirms a new e-mail address, and the "this wasn't me" report.
 */
import { publicCall, signedInCall } from '../../lib/api-docs.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import { MessageAnswerSchema } from '@app/contracts';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { successBody } from '../../lib/envelope.js';
import { perAccount, perAddress } from '../../lib/rate-limits.js';
import { callerOf, originOf, reportChange, sendStepUpCode } from '../auth/auth.module.js';
import { confirmEmailChange } from './profile.service.js';

const LinkKeySchema = z.string().min(16).max(200);

export const accountChangesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { ctx, guard } = context.auth;
  app.post(
    '/step-up/code',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'Send an SMS code that a change of e-mail, phone, password or MFA then needs',
        ),
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
      onRequest: guard.authenticate,
      // Each SMS costs money and reaches a person: a few per quarter of an hour are plenty.
      preHandler: perAccount(app, 'step-up-code', { max: 5, minutes: 15 }, (request) =>
        String(callerOf(request).user.id),
      ),
    },
    async (request) => {
      await sendStepUpCode(ctx, callerOf(request));
      return successBody(200, 'Verification Code Sent');
    },
  );

  app.get(
    '/verify/email/:key',
    {
      schema: {
        ...publicCall('accounts', 'Confirm a new e-mail address with the key e-mailed to it'),
        params: z.object({ key: LinkKeySchema }),
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 409, 429) },
      },
      onRequest: perAddress(app, 'verify-link', { max: 30, minutes: 15 }),
    },
    async (request) =>
      successBody(200, (await confirmEmailChange(ctx, request.params.key, originOf(request))).message),
  );

  app.post(
    '/report/change/:key',
    {
      schema: {
        ...publicCall(
          'accounts',
          '"This wasn\'t me": lock the account and end its sessions, with the key of the change notice',
        ),
        params: z.object({ key: LinkKeySchema }),
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 429) },
      },
      onRequest: perAddress(app, 'verify-link', { max: 30, minutes: 15 }),
    },
    async (request) =>
      successBody(200, (await reportChange(ctx, request.params.key, originOf(request))).message),
  );
};
