/**
 * /api/organisation (decision 17): the Team page of the caller's current organisation, invitations from both
 * sides, and switching between one's organisations. Routes stay thin: the guard and limits, the shared schemas,
 * then the services.
 */
import { publicCall, signedInCall } from '../../lib/api-docs.js';
import {
  IdSchema,
  InvitationKeySchema,
  InvitationSignUpSchema,
  InviteRequestSchema,
  InvitationAnswerSchema,
  ProfileAnswerSchema,
  RenameOrganisationSchema,
  SignedOutAnswerSchema,
  TeamAnswerSchema,
  UserAnswerSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { successBody } from '../../lib/envelope.js';
import { perAddress } from '../../lib/rate-limits.js';
import { callerOf, originOf } from '../auth/auth.module.js';
import { acceptAsCaller, describeInvitation, signUpFromInvitation } from './invitation.service.js';
import { signOutEveryone, signOutMember } from './sign-out.service.js';
import { invite, removeMember, rename, revoke, switchOrganisation, teamOf } from './team.service.js';

const KeyParamsSchema = z.object({ key: InvitationKeySchema });

export const organisationsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { ctx, guard } = context.auth;
  app.get(
    '/team',
    {
      schema: {
        ...signedInCall(
          'organisations',
          "The current organisation's members (and, for administrators, invitations)",
        ),
        response: { 200: TeamAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.requirePermission('READ:USER'),
    },
    async (request) => successBody(200, 'Team retrieved', await teamOf(ctx.db, callerOf(request))),
  );

  app.patch(
    '/',
    {
      schema: {
        ...signedInCall('organisations', 'Rename the current organisation (owners)'),
        body: RenameOrganisationSchema,
        response: { 200: TeamAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(200, 'Organisation renamed', await rename(ctx, callerOf(request), request.body.name)),
  );

  app.post(
    '/invitations',
    {
      schema: {
        ...signedInCall(
          'organisations',
          'Invite a person by e-mail with a role no higher than your own (administrators)',
        ),
        body: InviteRequestSchema,
        response: { 201: TeamAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.requirePermission('CREATE:USER'),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          successBody(
            201,
            `Invitation sent to ${request.body.email}`,
            await invite(ctx, callerOf(request), request.body),
          ),
        ),
  );

  app.delete(
    '/invitations/:id',
    {
      schema: {
        ...signedInCall('organisations', 'Withdraw a pending invitation'),
        params: z.object({ id: IdSchema }),
        response: { 200: TeamAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: guard.requirePermission('CREATE:USER'),
    },
    async (request) =>
      successBody(200, 'Invitation withdrawn', await revoke(ctx, callerOf(request), request.params.id)),
  );

  app.delete(
    '/members/:userId',
    {
      schema: {
        ...signedInCall('organisations', 'Remove a member (administrators, by rank), or leave (your own id)'),
        params: z.object({ userId: IdSchema }),
        response: { 200: TeamAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      const leaving = request.params.userId === caller.user.id;
      const team = await removeMember(ctx, caller, request.params.userId);
      return successBody(200, leaving ? 'You left the organisation' : 'Member removed', team);
    },
  );

  app.post(
    '/members/:userId/sign-out',
    {
      schema: {
        ...signedInCall(
          'organisations',
          'End every session of a member (administrators, by rank; not yourself): they must log in again, the account stays usable',
        ),
        params: z.object({ userId: IdSchema }),
        response: { 200: SignedOutAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Member signed out',
        await signOutMember(ctx, callerOf(request), request.params.userId, originOf(request)),
      ),
  );

  app.post(
    '/sign-out-all',
    {
      schema: {
        ...signedInCall(
          'organisations',
          "End every member's sessions but the one asking (owners); answers how many ended",
        ),
        response: { 200: SignedOutAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => {
      const data = await signOutEveryone(ctx, callerOf(request), originOf(request));
      const sessions = data.endedSessions === 1 ? 'session' : 'sessions';
      return successBody(200, `Everyone signed out: ${data.endedSessions} ${sessions} ended`, data);
    },
  );

  app.put(
    '/current/:id',
    {
      schema: {
        ...signedInCall('organisations', 'Work in another of your organisations; answers your profile there'),
        params: z.object({ id: IdSchema }),
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Organisation switched',
        await switchOrganisation(ctx, callerOf(request), request.params.id),
      ),
  );

  const invitationLimit = perAddress(app, 'invitation', { max: 30, minutes: 15 });

  app.get(
    '/invitation/:key',
    {
      schema: {
        ...publicCall('organisations', "What an invitation's link invites to"),
        params: KeyParamsSchema,
        response: { 200: InvitationAnswerSchema, ...errorAnswers(400, 429) },
      },
      onRequest: invitationLimit,
    },
    async (request) =>
      successBody(200, 'Invitation retrieved', await describeInvitation(ctx, request.params.key)),
  );

  app.post(
    '/invitation/:key/accept',
    {
      schema: {
        ...signedInCall('organisations', 'Join with the signed-in account of the invited address'),
        params: KeyParamsSchema,
        response: { 200: ProfileAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) =>
      successBody(
        200,
        'Invitation accepted',
        await acceptAsCaller(ctx, callerOf(request), request.params.key),
      ),
  );

  app.post(
    '/invitation/:key/signup',
    {
      schema: {
        ...publicCall('organisations', "Create the invited address's account from the link and join"),
        params: KeyParamsSchema,
        body: InvitationSignUpSchema,
        response: { 201: UserAnswerSchema, ...errorAnswers(400, 429) },
      },
      onRequest: invitationLimit,
    },
    async (request, reply) => {
      const { message, data } = await signUpFromInvitation(ctx, request.params.key, request.body);
      return reply.code(201).send(successBody(201, message, data));
    },
  );
};
