/**
 * The /api/user/mfa calls: which second factors are on, and the authenticator app's setup (start, confirm), turning
 * it off and replacing its recovery codes. The login's second step stays GET /user/verify/code (auth.routes.ts).
 */
import {
  ConfirmTotpRequestSchema,
  DisableTotpRequestSchema,
  MfaStatusAnswerSchema,
  RecoveryCodesAnswerSchema,
  RegenerateRecoveryCodesRequestSchema,
  StartTotpRequestSchema,
  TotpEnrolmentAnswerSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-context.js';
import { signedInCall } from '../../lib/api-docs.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { successBody } from '../../lib/envelope.js';
import { perAccount } from '../../lib/rate-limits.js';
import { callerOf } from './auth-guard.js';
import { originOf } from './events.repository.js';
import {
  confirmTotpFactor,
  disableTotp,
  mfaStatus,
  regenerateRecoveryCodes,
  startTotp,
} from './totp.service.js';

const callerId = (request: FastifyRequest) => (request.caller ? String(request.caller.user.id) : undefined);

export const totpRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { ctx, guard } = context.auth;
  app.get(
    '/mfa',
    {
      schema: {
        ...signedInCall('accounts', 'Which second factors are on, and how many recovery codes are left'),
        response: { 200: MfaStatusAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Multi-Factor Authentication Retrieved',
        await mfaStatus(ctx.db, callerOf(request).user),
      ),
  );

  app.post(
    '/mfa/totp/start',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'Set up an authenticator app: the current password; answers its QR code and secret',
        ),
        body: StartTotpRequestSchema,
        response: { 200: TotpEnrolmentAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Scan the QR code with your authenticator app',
        await startTotp(ctx, callerOf(request), request.body),
      ),
  );

  app.post(
    '/mfa/totp/confirm',
    {
      schema: {
        ...signedInCall(
          'accounts',
          "The app's first code turns it on; answers the recovery codes, this once only",
        ),
        body: ConfirmTotpRequestSchema,
        response: { 200: RecoveryCodesAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
      onRequest: guard.authenticate,
      // The code is not a guess (the caller holds the secret), but a loop of calls is no use to anyone.
      preHandler: perAccount(app, 'totp-confirm', { max: 20, minutes: 15 }, callerId),
    },
    async (request) =>
      successBody(
        200,
        'Authenticator app turned on',
        await confirmTotpFactor(ctx, callerOf(request), request.body, originOf(request)),
      ),
  );

  app.post(
    '/mfa/totp/disable',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'Turn the authenticator app off: the current password and a code or a recovery code',
        ),
        body: DisableTotpRequestSchema,
        response: { 200: MfaStatusAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Authenticator app turned off',
        await disableTotp(ctx, callerOf(request), request.body, originOf(request)),
      ),
  );

  app.post(
    '/mfa/recovery-codes',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'New recovery codes (the old ones stop working): the current password and a code',
        ),
        body: RegenerateRecoveryCodesRequestSchema,
        response: { 200: RecoveryCodesAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'New recovery codes created',
        await regenerateRecoveryCodes(ctx, callerOf(request), request.body, originOf(request)),
      ),
  );
};
