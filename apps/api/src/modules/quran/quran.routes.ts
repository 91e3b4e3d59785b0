/**
 * The Quran service under /api/quran, in the shapes of the public alquran.cloud API (REFERENCE §2) so the
 * reader needs no adapter: GET /surah (the 114 chapters) and GET /surah/{n} (the chapter in four editions).
 * Errors here use that API's `{ code, status, data }` too, not the application envelope.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_RECITER,
  QURAN_RECITERS,
  QuranErrorSchema,
  SURAH_COUNT,
  SurahEditionsResponseSchema,
  SurahListResponseSchema,
} from '@app/contracts';
import type { RouteOptions } from '../../app-context.js';
import { mapError } from '../../lib/error-handler.js';
import { createBundledQuran } from './bundled-quran.js';
import { sendPrepared } from '../../lib/prepared-answer.js';
import { QURAN_CACHE_CONTROL, quranError, quranFailures, type QuranSource } from './quran-answers.js';
import { createUpstreamQuran } from './upstream-quran.js';
import { quranSearchRoutes } from './quran-search.routes.js';

/** "1" to "114" (leading zeros allowed, as alquran.cloud does); anything else is not a chapter. */
export function parseSurahNumber(raw: string): number | undefined {
  if (!/^\d{1,4}$/.test(raw)) return undefined;
  const number = Number(raw);
  return number >= 1 && number <= SURAH_COUNT ? number : undefined;
}

const RECITER_IDS = QURAN_RECITERS.map((reciter) => reciter.identifier).join(', ');

/**
 * Any error in alquran.cloud's error shape. Also used by app.ts for the addresses under /api/quran that the
 * router refuses (malformed or over-long) before this plugin's error handler can run.
 */
export function replyWithQuranError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const mapped = mapError(error);
  if (mapped.statusCode >= 500) request.log.error({ err: error }, 'quran request failed');
  return reply.status(mapped.statusCode).send(quranError(mapped.statusCode, mapped.reason));
}

export const quranRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { config, database } = context;
  const bundled = createBundledQuran(config.audioBaseUrl);
  const source: QuranSource =
    config.contentSource === 'upstream'
      ? createUpstreamQuran({
          db: database.db,
          upstreamUrl: config.quranUpstreamUrl,
          audioBaseUrl: config.audioBaseUrl,
          fallback: bundled,
          log: app.log,
        })
      : bundled;

  app.setErrorHandler((error, request, reply) => replyWithQuranError(request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(quranError(404, `No resource at ${request.method} ${request.url.split('?')[0] ?? ''}`)),
  );

  // Inside this plugin, so that its failures get this service's error shape too.
  await app.register(quranSearchRoutes);

  app.get(
    '/surah',
    {
      schema: {
        tags: ['quran'],
        summary: 'The 114 chapters',
        response: { 200: SurahListResponseSchema, ...quranFailures },
      },
    },
    async (request, reply) => sendPrepared(request, reply, await source.surahList(), QURAN_CACHE_CONTROL),
  );

  app.get(
    '/surah/:number',
    {
      schema: {
        tags: ['quran'],
        summary:
          'One chapter in four editions: Arabic + recitation, transliteration, French recitation, French',
        // Checked in the handler, so a bad number gets this API's 404 rather than a validation error; a 400 is
        // only for an address the router cannot read (app.ts).
        params: z.object({ number: z.string() }),
        querystring: z.object({
          reciter: z
            .string()
            .optional()
            .describe(`Edition 0's recitation by another reader, one of: ${RECITER_IDS}`),
        }),
        response: {
          200: SurahEditionsResponseSchema,
          400: QuranErrorSchema,
          404: QuranErrorSchema,
          ...quranFailures,
        },
      },
    },
    async (request, reply) => {
      const number = parseSurahNumber(request.params.number);
      if (number === undefined) {
        return reply
          .status(404)
          .send(quranError(404, `Chapter not found: the number must be between 1 and ${SURAH_COUNT}.`));
      }
      const reciter = QURAN_RECITERS.find(
        (candidate) => candidate.identifier === (request.query.reciter ?? DEFAULT_RECITER.identifier),
      );
      if (!reciter) {
        return reply.status(400).send(quranError(400, `Unknown reciter: it must be one of ${RECITER_IDS}.`));
      }
      return sendPrepared(request, reply, await source.surah(number, reciter), QURAN_CACHE_CONTROL);
    },
  );
};
