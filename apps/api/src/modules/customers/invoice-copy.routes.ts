/**
 * GET /api/invoice-copy/{key}: the invoice an e-mail was sent with (invoice-sending.ts), as its PDF, for the
 * customer, who has no account. The key is the e-mailed link's, 256 random bits of which only the hash is kept;
 * an unknown or expired one is a 404 that says so and nothing more. Counted per address, as a guessed key would
 * be tried many times.
 */
import { invoicePdfName } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import type { Queryable } from '../../db/database.js';
import { sql } from '../../db/orm.js';
import { publicCall } from '../../lib/api-docs.js';
import { binaryAnswer, errorAnswers } from '../../lib/answer-schemas.js';
import { AppError } from '../../lib/app-error.js';
import { perAddress } from '../../lib/rate-limits.js';
import { hashSecret } from '../auth/auth.module.js';
import { businessDetailsOf } from '../organisations/organisations.module.js';
import { findInvoiceWithCustomer, invoiceRefsFrom } from './invoices.repository.js';
import { invoicePdf } from './pdf/invoice-pdf.js';

const KeyParamsSchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid') });

const NO_SUCH_LINK = 'This link to an invoice does not exist or has expired';

async function linkTarget(db: Queryable, key: string) {
  const [target] = await invoiceRefsFrom(db, sql`invoice_link_target(${hashSecret(key)})`);
  return target;
}

export const invoiceCopyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { database } = context;
  app.get(
    '/:key',
    {
      schema: {
        ...publicCall('customers', "An e-mailed invoice's PDF, opened with the link of its e-mail"),
        params: KeyParamsSchema,
        response: {
          200: binaryAnswer('invoice-{number}.pdf', ['application/pdf']),
          ...errorAnswers(400, 404, 429),
        },
      },
      onRequest: perAddress(app, 'invoice-copy', { max: 60, minutes: 15 }),
    },
    async (request, reply) => {
      const target = await linkTarget(database.db, request.params.key);
      if (!target) throw AppError.notFound(NO_SUCH_LINK);
      const { db } = database.organisation(target.organisationId);
      const found = await findInvoiceWithCustomer(db, target.organisationId, target.invoiceId);
      if (!found) throw AppError.notFound(NO_SUCH_LINK);
      const pdf = await invoicePdf({ ...found, company: await businessDetailsOf(db, target.organisationId) });
      const name = invoicePdfName(found.invoice.invoiceNumber);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
