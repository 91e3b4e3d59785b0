/**
 * The /api/user calls of REFERENCE §1 on the signed-in user's own account and, for administrators, on another's:
 * the profile, its changes, its picture. Mounted beside the sign-in calls (auth.routes.ts), with the same
 * anti-forgery cookie. Routes stay thin: validate with the shared schemas, apply the guard, call the service,
 * wrap the answer in the envelope.
 */
import {
  ProfileAnswerSchema,
  RoleNameSchema,
  StepUpSchema,
  TargetUserQuerySchema,
  UpdatePasswordRequestSchema,
  UpdateSettingsRequestSchema,
  UpdateUserRequestSchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import { publicCall, signedInCall } from '../../lib/api-docs.js';
import { binaryAnswer, errorAnswers } from '../../lib/answer-schemas.js';
import { issueAntiForgeryCookie } from '../../lib/anti-forgery.js';
import { AppError } from '../../lib/app-error.js';
import { successBody } from '../../lib/envelope.js';
import { callerOf, originOf } from '../auth/auth.module.js';
import { updateProfileImage } from './profile-image.service.js';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, readStoredImage } from './profile-images.js';
import {
  profileOf,
  toggleMfa,
  updatePassword,
  updateProfile,
  updateRole,
  updateSettings,
} from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { ctx, guard } = context.auth;
  const { db, config } = ctx;
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('onRequest', issueAntiForgeryCookie(config.isProduction));

  app.get(
    '/profile',
    {
      schema: {
        ...signedInCall('accounts', 'The user, the 10 latest events and the roles'),
        response: { 200: ProfileAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.requirePermission('READ:USER'),
    },
    async (request) => successBody(200, 'Profile Retrieved', await profileOf(db, callerOf(request).user.id)),
  );

  app.patch(
    '/update',
    {
      schema: {
        ...signedInCall('accounts', "Update a profile: one's own, or another user's with UPDATE:USER"),
        body: UpdateUserRequestSchema,
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
      onRequest: guard.requirePermission('READ:USER'),
    },
    async (request) =>
      successBody(
        200,
        'User updated',
        await updateProfile(ctx, callerOf(request), request.body, originOf(request)),
      ),
  );

  app.patch(
    '/update/password',
    {
      schema: {
        ...signedInCall('accounts', "Change one's password; other sessions end"),
        body: UpdatePasswordRequestSchema,
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Password updated successfully',
        await updatePassword(ctx, callerOf(request), request.body, originOf(request)),
      ),
  );

  app.patch(
    '/update/role/:roleName',
    {
      schema: {
        ...signedInCall('accounts', 'Change a role (administrators; ?userId= names another user)'),
        params: z.object({ roleName: RoleNameSchema }),
        querystring: TargetUserQuerySchema,
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Role updated successfully',
        await updateRole(
          ctx,
          callerOf(request),
          request.params.roleName,
          request.query.userId,
          originOf(request),
        ),
      ),
  );

  app.patch(
    '/update/settings',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'Enable or lock an account (administrators; ?userId= names another user)',
        ),
        body: UpdateSettingsRequestSchema,
        querystring: TargetUserQuerySchema,
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Account settings updated successfully',
        await updateSettings(ctx, callerOf(request), request.body, request.query.userId, originOf(request)),
      ),
  );

  app.patch(
    '/togglemfa',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'Turn the SMS code at login on or off (needs a phone; off needs the password and a code)',
        ),
        body: StepUpSchema.nullish(),
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Multi-Factor Authentication updated',
        await toggleMfa(ctx, callerOf(request), request.body ?? {}, originOf(request)),
      ),
  );

  app.patch(
    '/update/image',
    {
      schema: {
        ...signedInCall(
          'accounts',
          'Replace the profile picture (multipart field "image": PNG, JPEG or WebP, 2 MB)',
        ),
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403, 413, 415, 507) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Profile image updated',
        await updateProfileImage(ctx, callerOf(request), request, originOf(request)),
      ),
  );

  app.get(
    '/image/:name',
    {
      schema: {
        ...publicCall('accounts', 'A stored profile picture'),
        params: z.object({ name: z.string().max(64) }),
        response: { 200: binaryAnswer('The picture', IMAGE_MEDIA_TYPES), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const image = await readStoredImage(config.dataDir, request.params.name);
      if (!image) throw AppError.notFound('No such image');
      // Names are random and never reused, so a copy can be kept for good.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(image.contentType)
        .send(image.bytes);
    },
  );
};
