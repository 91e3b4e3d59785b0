/**
 * What the Quran service answers, in alquran.cloud's shapes. The answers are prepared once and sent with
 * an ETag by the shared helpers of lib/prepared-answer.ts.
 */
import { STATUS_CODES } from 'node:http';
import { QuranErrorSchema, type QuranError, type QuranReciter } from '@app/contracts';
import type { PreparedAnswer } from '../../lib/prepared-answer.js';

/** Where each answer comes from; the bundled data and the upstream service both provide it. */
export type QuranSource = {
  surahList(): Promise<PreparedAnswer>;
  /** `number` is a valid chapter number (1 to 114): the route checks it first; edition 0 is `reciter`'s. */
  surah(number: number, reciter: QuranReciter): Promise<PreparedAnswer>;
};

/** The texts do not change; a day of browser caching, then a revalidation that usually ends in a 304. */
export const QURAN_CACHE_CONTROL = 'public, max-age=86400';

/** The failures any route of the service can meet (500, 503), in its error shape like its 404. */
export const quranFailures = { 500: QuranErrorSchema, 503: QuranErrorSchema };

export function quranSuccess<T>(data: T) {
  return { code: 200, status: 'OK', data };
}

/** alquran.cloud's error shape: the HTTP status, its reason phrase, and the message as `data`. */
export function quranError(code: number, message: string): QuranError {
  return { code, status: STATUS_CODES[code] ?? 'Error', data: message };
}
