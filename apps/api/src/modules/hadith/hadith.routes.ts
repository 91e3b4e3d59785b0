/**
 * The hadith service under /api/hadith, in the shapes of the public HadeethEnc API in French (REFERENCE §3)
 * so the browser needs no adapter: GET /categories, GET /list?category_id=N (optional page and per_page) and
 * GET /detail?id=N. Errors (400 for a bad parameter, 404 for an unknown category or hadith) use the
 * application envelope, through the application's error handler.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HADITH_DEFAULT_PER_PAGE,
  HADITH_MAX_PER_PAGE,
  HadithCategoriesSchema,
  HadithDetailSchema,
  HadithListSchema,
} from '@app/contracts';
import type { RouteOptions } from '../../app-context.js';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { AppError } from '../../lib/app-error.js';
import { sendPrepared } from '../../lib/prepared-answer.js';
import { createBundledHadith } from './bundled-hadith.js';
import { HADITH_CACHE_CONTROL, type HadithSource } from './hadith-source.js';
import { createUpstreamHadith } from './upstream-hadith.js';

/**
 * A positive integer written in digits ("7", "007"), up to nine significant ones: HadeethEnc's ids are far
 * below that, and the limit keeps every accepted value an exact number. Anything else is a 400, not a 404.
 */
function positiveInteger(max?: number) {
  const message = max
    ? `must be a whole number from 1 to ${max}`
    : 'must be a positive whole number (e.g. 1)';
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : message) })
    .regex(/^0*[1-9]\d{0,8}$/, message)
    .transform(Number)
    .refine((n) => max === undefined || n <= max, message);
}

const ListQuerySchema = z.object({
  category_id: positiveInteger(),
  page: positiveInteger().optional(),
  per_page: positiveInteger(HADITH_MAX_PER_PAGE).optional(),
});

const DetailQuerySchema = z.object({ id: positiveInteger() });

const errors = errorAnswers(400, 404);

export const hadithRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { config, database } = context;
  const bundled = createBundledHadith();
  const source: HadithSource =
    config.contentSource === 'upstream'
      ? createUpstreamHadith({
          db: database.db,
          upstreamUrl: config.hadithUpstreamUrl,
          fallback: bundled,
          log: app.log,
        })
      : bundled;

  app.get(
    '/categories',
    {
      schema: {
        tags: ['hadith'],
        summary: 'The hadith categories (a bare array, as HadeethEnc sends it)',
        response: { 200: HadithCategoriesSchema, ...errorAnswers() },
      },
    },
    async (request, reply) => sendPrepared(request, reply, await source.categories(), HADITH_CACHE_CONTROL),
  );

  app.get(
    '/list',
    {
      schema: {
        tags: ['hadith'],
        summary: `One page of the hadith of a category (page 1 and ${HADITH_DEFAULT_PER_PAGE} per page unless asked; at most ${HADITH_MAX_PER_PAGE})`,
        querystring: ListQuerySchema,
        response: { 200: HadithListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const {
        category_id: categoryId,
        page = 1,
        per_page: perPage = HADITH_DEFAULT_PER_PAGE,
      } = request.query;
      const answer = await source.list({ categoryId, page, perPage });
      if (!answer) throw AppError.notFound(`No hadith category ${categoryId}.`);
      return sendPrepared(request, reply, answer, HADITH_CACHE_CONTROL);
    },
  );

  app.get(
    '/detail',
    {
      schema: {
        tags: ['hadith'],
        summary: 'One hadith: French text, attribution, grade, explanation and lessons, with the Arabic',
        querystring: DetailQuerySchema,
        response: { 200: HadithDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await source.detail(request.query.id);
      if (!answer) throw AppError.notFound(`No hadith ${request.query.id}.`);
      return sendPrepared(request, reply, answer, HADITH_CACHE_CONTROL);
    },
  );
};
