/**
 * An invoice's life (decision 24): record a payment, a refund, cancel it, or send it to its customer by e-mail,
 * under /api/customer/invoice/{id}.
 * Each call needs the permission BUSINESS_ACTION_PERMISSIONS gives its action, checked on request before the
 * body is read; each answers the invoice as GET /customer/invoice/get/{id} does, with its new status, balance and
 * history. A call sent twice with one Idempotency-Key is made once.
 */
import {
  CancelInvoiceSchema,
  IdSchema,
  BUSINESS_ACTION_PERMISSIONS,
  InvoiceAnswerSchema,
  RecordPaymentSchema,
  type InvoiceData,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import type { Queryable } from '../../db/database.js';
import { signedInCall } from '../../lib/api-docs.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { successBody } from '../../lib/envelope.js';
import { callerOf, callerUser } from '../auth/auth.module.js';
import { noInvoice } from './not-found.js';
import { answerOnce, keyedRequestOf, SAFE_TO_RETRY, sendAnswer } from '../idempotency/idempotent-writes.js';
import { businessDetailsOf, organisationScopes } from '../organisations/organisations.module.js';
import { cancelInvoice, recordMoney, type InvoiceChangeBy } from './invoice-life.service.js';
import { sendInvoice } from './invoice-sending.js';
import { findInvoiceWithCustomer } from './invoices.repository.js';

const IdParamsSchema = z.object({ id: IdSchema });

export const invoiceLifeRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { guard } = context.auth;
  const scopeOf = organisationScopes(context.database);
  const allowedTo = (action: keyof typeof BUSINESS_ACTION_PERMISSIONS) =>
    guard.requirePermission(BUSINESS_ACTION_PERMISSIONS[action]);

  /** The invoice as its page shows it, read in the change's transaction: once committed, nothing can fail. */
  async function invoiceAnswer(tx: Queryable, request: FastifyRequest, by: InvoiceChangeBy, message: string) {
    const found = await findInvoiceWithCustomer(tx, by.organisationId, by.invoiceId);
    if (!found) throw noInvoice(by.invoiceId);
    const company = await businessDetailsOf(tx, by.organisationId);
    const data: InvoiceData = { user: callerUser(request), ...found, company };
    return { statusCode: 200, body: successBody(200, message, data) };
  }

  const changeBy = (request: FastifyRequest, invoiceId: number, organisationId: number) => ({
    organisationId,
    invoiceId,
    actorId: callerOf(request).user.id,
  });

  for (const kind of ['PAYMENT', 'REFUND'] as const) {
    const payment = kind === 'PAYMENT';
    app.post(
      payment ? '/invoice/:id/payments' : '/invoice/:id/refunds',
      {
        schema: {
          ...signedInCall(
            'customers',
            `${payment ? 'Record a payment of' : 'Refund money received for'} an invoice${SAFE_TO_RETRY}`,
          ),
          params: IdParamsSchema,
          body: RecordPaymentSchema,
          response: { 200: InvoiceAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409, 507) },
        },
        onRequest: allowedTo(payment ? 'recordPayment' : 'refund'),
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        const by = changeBy(request, request.params.id, scope.id);
        const content = { kind, ...by, money: request.body };
        const answer = await answerOnce(scope.db, keyedRequestOf(request), content, async (tx) => {
          await recordMoney(tx, by, kind, request.body);
          return invoiceAnswer(tx, request, by, payment ? 'Payment recorded' : 'Refund recorded');
        });
        return sendAnswer(reply, answer);
      },
    );
  }

  app.post(
    '/invoice/:id/cancel',
    {
      schema: {
        ...signedInCall(
          'customers',
          `Cancel an invoice, with a reason (it keeps its number)${SAFE_TO_RETRY}`,
        ),
        params: IdParamsSchema,
        body: CancelInvoiceSchema,
        response: { 200: InvoiceAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409, 507) },
      },
      onRequest: allowedTo('cancel'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const by = changeBy(request, request.params.id, scope.id);
      const content = { kind: 'CANCEL', ...by, reason: request.body.reason };
      const answer = await answerOnce(scope.db, keyedRequestOf(request), content, async (tx) => {
        await cancelInvoice(tx, by, request.body);
        return invoiceAnswer(tx, request, by, 'Invoice cancelled');
      });
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/invoice/:id/send',
    {
      schema: {
        ...signedInCall(
          'customers',
          `Send an invoice to its customer by e-mail, with its PDF (kept in its history)${SAFE_TO_RETRY}`,
        ),
        params: IdParamsSchema,
        response: { 200: InvoiceAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409, 507) },
      },
      onRequest: allowedTo('send'),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const by = changeBy(request, request.params.id, scope.id);
      const answer = await answerOnce(
        scope.db,
        keyedRequestOf(request),
        { kind: 'SEND', ...by },
        async (tx) => {
          const to = await sendInvoice(tx, by, { kind: 'INVOICE' }, context.config.publicUrl);
          return invoiceAnswer(tx, request, by, `Invoice sent to ${to}`);
        },
      );
      context.deliverQueued();
      return sendAnswer(reply, answer);
    },
  );
};
