/**
 * /api/calendar: the business dates of the Calendrier screen (decision 0010). Invoices are the business's
 * data, the caller's current organisation's (decision 17), shared by role, so the calendar needs READ:CUSTOMER like the invoice list; the permission is
 * checked on request, before the query is read. The answer carries the caller as `user`, like the
 * customer calls.
 */
import { signedInCall } from '../../lib/api-docs.js';
import {
  CALENDAR_MAX_DAYS,
  CALENDAR_MAX_INVOICES,
  CalendarAnswerSchema,
  CalendarQuerySchema,
  type CalendarData,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-context.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { successBody } from '../../lib/envelope.js';
import { callerUser } from '../auth/auth.module.js';
import { organisationScopes } from '../organisations/organisations.module.js';
import { invoicesForCalendar } from './calendar.repository.js';

export const calendarRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { guard } = context.auth;
  const scopeOf = organisationScopes(context.database);
  app.get(
    '/invoices',
    {
      schema: {
        ...signedInCall(
          'calendar',
          `The invoices dated or due from \`from\` to \`to\` (YYYY-MM-DD, both included, at most ${CALENDAR_MAX_DAYS} days), by date`,
        ),
        querystring: CalendarQuerySchema,
        response: { 200: CalendarAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: guard.requirePermission('READ:CUSTOMER'),
    },
    async (request) => {
      const { from, to } = request.query;
      const { db, id: organisationId } = scopeOf(request);
      const found = await invoicesForCalendar(db, organisationId, { from, to }, CALENDAR_MAX_INVOICES);
      const data: CalendarData = { user: callerUser(request), from, to, ...found };
      return successBody(200, 'Calendar retrieved', data);
    },
  );
};
