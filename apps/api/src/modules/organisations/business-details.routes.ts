/**
 * /api/organisation/business-details (issue 24): who the organisation's invoices are from, and its reminders of
 * overdue invoices (/api/organisation/invoice-reminders). Every member who reads invoices may read them; only
 * owners change them, as they alone rename the organisation.
 */
import {
  BusinessDetailsAnswerSchema,
  BusinessDetailsSchema,
  InvoiceRemindersSchema,
  type BusinessDetailsData,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { RouteOptions } from '../../app-context.js';
import { signedInCall } from '../../lib/api-docs.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { AppError } from '../../lib/app-error.js';
import { successBody } from '../../lib/envelope.js';
import { callerOf, callerUser, isOwner } from '../auth/auth.module.js';
import { businessSettingsOf, saveBusinessDetails, saveReminders } from './business-details.repository.js';
import { organisationScopes } from './organisation-scope.js';

export const businessDetailsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { guard } = context.auth;
  const scopeOf = organisationScopes(context.database);

  /** The organisation an owner changes; 403 for anyone else. */
  function ownersScope(request: FastifyRequest) {
    const caller = callerOf(request);
    if (!isOwner(caller.user.roleName)) throw AppError.forbidden();
    return { ...scopeOf(request), actorId: caller.user.id };
  }

  async function answer(request: FastifyRequest, message: string) {
    const { db, id } = scopeOf(request);
    const data: BusinessDetailsData = {
      user: callerUser(request),
      ...(await businessSettingsOf(db, id)),
      editable: isOwner(callerOf(request).user.roleName),
    };
    return successBody(200, message, data);
  }

  app.get(
    '/business-details',
    {
      schema: {
        ...signedInCall('organisations', "Who the current organisation's invoices are from"),
        response: { 200: BusinessDetailsAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: guard.requirePermission('READ:CUSTOMER'),
    },
    (request) => answer(request, 'Business details retrieved'),
  );

  app.put(
    '/business-details',
    {
      schema: {
        ...signedInCall('organisations', "Change who the current organisation's invoices are from (owners)"),
        body: BusinessDetailsSchema,
        response: { 200: BusinessDetailsAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => {
      const { db, id, actorId } = ownersScope(request);
      await saveBusinessDetails(db, id, request.body, actorId);
      return answer(request, 'Business details saved');
    },
  );

  app.put(
    '/invoice-reminders',
    {
      schema: {
        ...signedInCall(
          'organisations',
          'Turn on, change or turn off the reminders of overdue invoices (owners)',
        ),
        body: InvoiceRemindersSchema,
        response: { 200: BusinessDetailsAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.authenticate,
    },
    async (request) => {
      const { db, id, actorId } = ownersScope(request);
      await saveReminders(db, id, request.body, actorId);
      return answer(request, 'Reminders saved');
    },
  );
};
