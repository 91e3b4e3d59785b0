/**
 * GET /api/quran/search: the verses a query finds (packages/contracts/src/quran-search.ts says what a query
 * finds), in alquran.cloud's envelope like the rest of the Quran service. The index is built on the first
 * search (a fraction of a second) and kept: the texts never change.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createQuranSearch,
  QURAN_SEARCH_LIMIT,
  QURAN_SEARCH_MAX_LENGTH,
  QuranErrorSchema,
  QuranSearchResponseSchema,
  SearchableQuranResponseSchema,
  type QuranSearch,
  type SearchableVerse,
  type SurahSummary,
} from '@app/contracts';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from '../../lib/prepared-answer.js';
import { buildSurahList, searchableVerses } from './bundled-quran.js';
import { QURAN_CACHE_CONTROL, quranError, quranFailures, quranSuccess } from './quran-answers.js';

export const quranSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The 114 chapter files are read once, for the index and the offline corpus alike.
  let texts: { verses: SearchableVerse[]; chapters: SurahSummary[] } | undefined;
  const quranTexts = () => (texts ??= { verses: searchableVerses(), chapters: buildSurahList() });
  let index: QuranSearch | undefined;
  const search = () => (index ??= createQuranSearch(quranTexts().verses, quranTexts().chapters));
  let corpus: PreparedAnswer | undefined;
  /** What the reader's search reads without a connection: every verse's texts, compact, prepared once. */
  const searchable = () =>
    (corpus ??= prepareAnswer(
      quranSuccess({
        chapters: quranTexts().chapters.map(({ number, name, englishName, numberOfAyahs }) => ({
          number,
          name,
          englishName,
          numberOfAyahs,
        })),
        verses: quranTexts().verses.map((v) => [v.chapter, v.verse, v.arabic, v.french, v.transliteration]),
      }),
    ));

  app.get(
    '/verses',
    {
      schema: {
        tags: ['quran'],
        summary: 'Every verse in Arabic, French and transliteration, for searching without a connection',
        response: { 200: SearchableQuranResponseSchema, ...quranFailures },
      },
    },
    async (request, reply) => sendPrepared(request, reply, searchable(), QURAN_CACHE_CONTROL),
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['quran'],
        summary:
          'Verses by words (French or transliteration without accents, Arabic without diacritics), by reference (2:255) or chapter name',
        querystring: z.object({
          q: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(QURAN_SEARCH_LIMIT.max).optional(),
          offset: z.coerce.number().int().min(0).optional(),
        }),
        response: { 200: QuranSearchResponseSchema, 400: QuranErrorSchema, ...quranFailures },
      },
    },
    async (request, reply) => {
      const query = (request.query.q ?? '').trim();
      if (query === '' || query.length > QURAN_SEARCH_MAX_LENGTH) {
        return reply
          .status(400)
          .send(
            quranError(400, `Give the words to look for in q, 1 to ${QURAN_SEARCH_MAX_LENGTH} characters.`),
          );
      }
      const { limit, offset } = request.query;
      return reply
        .header('cache-control', QURAN_CACHE_CONTROL)
        .send(quranSuccess(search().search(query, { limit, offset })));
    },
  );
};
