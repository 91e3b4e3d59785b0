/**
 * The /api/user calls of REFERENCE §1 that sign in and out, register, confirm and reset (the profile's are in
 * profile.routes.ts, mounted beside them). Routes stay thin: validate with the shared schemas, apply the
 * guard and the limits, call the service, wrap the answer in the envelope.
 */
import {
  EmailSchema,
  LoginAnswerSchema,
  LoginCodeSchema,
  LoginRequestSchema,
  MessageAnswerSchema,
  NewPasswordRequestSchema,
  RegisterRequestSchema,
  TokenAnswerSchema,
  UserAnswerSchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import { publicCall, signedInCall } from '../../lib/api-docs.js';
import { assertAntiForgeryToken, issueAntiForgeryCookie } from '../../lib/anti-forgery.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { AppError } from '../../lib/app-error.js';
import { successBody } from '../../lib/envelope.js';
import { perAccount, perAddress } from '../../lib/rate-limits.js';
import { bearerToken } from './auth-guard.js';
import { originOf } from './events.repository.js';
import { logIn, verifyCode } from './login.service.js';
import { checkResetKey, requestPasswordReset, setNewPassword } from './password-reset.service.js';
import { register, confirmAccount } from './registration.service.js';
import { findUserById, toApiUser } from './users.repository.js';

/** Where the verify call keeps the reset key for the new-password call (HttpOnly: scripts never see it). */
const RESET_COOKIE = 'reset_key';
const RESET_COOKIE_PATH = '/api/user/new/password';

const LinkKeySchema = z.string().min(16).max(200);
const emailOfBody = (request: { body?: unknown }) => (request.body as { email?: string } | undefined)?.email;
const emailOfParams = (request: { params?: unknown }) => (request.params as { email?: string }).email;

export const authRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { ctx } = context.auth;
  const { db, config } = ctx;
  const secureCookies = config.isProduction;
  // No call here reads a multipart body, but one is parsed as before (refused by the body's schema, not with 415),
  // as when the profile calls (profile.routes.ts) were mounted with these.
  await app.register(multipart);
  app.addHook('onRequest', issueAntiForgeryCookie(secureCookies));

  app.post(
    '/login',
    {
      schema: {
        ...publicCall(
          'accounts',
          'Log in; with MFA on, asks for the authenticator app or SMS code instead of tokens',
        ),
        body: LoginRequestSchema,
        response: { 200: LoginAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
      // Per account, logins are limited by the lockout (login-throttle.ts), which the owner's password reset
      // lifts: a count by e-mail here would let a stranger keep the owner out.
      onRequest: perAddress(app, 'login', { max: 30, minutes: 15 }),
    },
    async (request) => {
      const { message, data } = await logIn(ctx, request.body, originOf(request));
      return successBody(200, message, data);
    },
  );

  app.post(
    '/register',
    {
      schema: {
        ...publicCall('accounts', 'Create an account and e-mail its confirmation link'),
        body: RegisterRequestSchema,
        response: { 201: UserAnswerSchema, ...errorAnswers(400, 429) },
      },
      onRequest: perAddress(app, 'register', { max: 10, minutes: 60 }),
      preHandler: perAccount(app, 'register', { max: 3, minutes: 60 }, emailOfBody),
    },
    async (request, reply) => {
      const { message, data } = await register(ctx, request.body);
      return reply.code(201).send(successBody(201, message, data));
    },
  );

  app.get(
    '/verify/code/:email/:code',
    {
      schema: {
        ...publicCall(
          'accounts',
          'Second step of an MFA login: the SMS or authenticator-app code, or a recovery code',
        ),
        params: z.object({ email: EmailSchema, code: LoginCodeSchema }),
        response: { 200: TokenAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
      // Per account, the code itself is the limit: void after 5 wrong tries (mfa-codes.ts).
      onRequest: perAddress(app, 'verify-code', { max: 20, minutes: 15 }),
    },
    async (request) => {
      const { email, code } = request.params;
      const { message, data } = await verifyCode(ctx, email, code, originOf(request));
      return successBody(200, message, data);
    },
  );

  app.get(
    '/resetpassword/:email',
    {
      schema: {
        ...publicCall('accounts', 'E-mail a password-reset link (same answer for any e-mail)'),
        params: z.object({ email: EmailSchema }),
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 429) },
      },
      onRequest: perAddress(app, 'reset', { max: 10, minutes: 60 }),
      preHandler: perAccount(app, 'reset', { max: 3, minutes: 60 }, emailOfParams),
    },
    async (request) => successBody(200, (await requestPasswordReset(ctx, request.params.email)).message),
  );

  app.get(
    '/verify/account/:key',
    {
      schema: {
        ...publicCall('accounts', 'Confirm the account with the e-mailed key'),
        params: z.object({ key: LinkKeySchema }),
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 429) },
      },
      onRequest: perAddress(app, 'verify-link', { max: 30, minutes: 15 }),
    },
    async (request) => successBody(200, (await confirmAccount(ctx, request.params.key)).message),
  );

  app.get(
    '/verify/password/:key',
    {
      schema: {
        ...publicCall('accounts', 'Check a reset key; keeps it in an HttpOnly cookie for the new password'),
        params: z.object({ key: LinkKeySchema }),
        response: { 200: UserAnswerSchema, ...errorAnswers(400, 429) },
      },
      onRequest: perAddress(app, 'verify-link', { max: 30, minutes: 15 }),
    },
    async (request, reply) => {
      const { message, data, expiresInSeconds } = await checkResetKey(ctx, request.params.key);
      reply.setCookie(RESET_COOKIE, request.params.key, {
        path: RESET_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        maxAge: expiresInSeconds,
      });
      return successBody(200, message, data);
    },
  );

  app.put(
    '/new/password',
    {
      schema: {
        ...publicCall('accounts', 'Set a new password with the reset key (body or cookie)'),
        body: NewPasswordRequestSchema,
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 403, 429) },
      },
      onRequest: perAddress(app, 'new-password', { max: 10, minutes: 15 }),
    },
    async (request, reply) => {
      const key = request.body.key ?? request.cookies[RESET_COOKIE];
      if (!key) throw AppError.badRequest('This link is not valid.');
      // Relying on the cookie: only a page of this site, which can read the anti-forgery cookie, may.
      if (!request.body.key) assertAntiForgeryToken(request);
      const { message } = await setNewPassword(ctx, { ...request.body, key }, originOf(request));
      reply.clearCookie(RESET_COOKIE, { path: RESET_COOKIE_PATH });
      return successBody(200, message);
    },
  );

  app.get(
    '/refresh/token',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'New token pair for the refresh token given as bearer (which is then used up)',
        ),
        response: { 200: TokenAnswerSchema, ...errorAnswers(401, 429) },
      },
      onRequest: perAddress(app, 'refresh', { max: 60, minutes: 15 }),
      preHandler: perAccount(app, 'refresh', { max: 20, minutes: 15 }, (request) => bearerToken(request)),
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw AppError.unauthorized();
      const { user, tokens } = await ctx.sessions.rotate(db, token, async (tx, id) => {
        const user = await findUserById(tx, id);
        return user && user.enabled && user.notLocked ? user : undefined;
      });
      return successBody(200, 'Token refreshed', { user: toApiUser(user), ...tokens });
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        ...signedInCall('accounts', 'End the session of the refresh token given as bearer'),
        response: { 200: MessageAnswerSchema, ...errorAnswers(401, 429) },
      },
      onRequest: perAddress(app, 'refresh', { max: 60, minutes: 15 }),
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw AppError.unauthorized();
      await ctx.sessions.close(db, token);
      return successBody(200, "You've been successfully logged out");
    },
  );
};
