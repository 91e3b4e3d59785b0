import { z } from './zod.js';
import { successEnvelope } from './envelope.js';
import { QURAN_RECITERS } from './quran-reciters.js';

/**
 * What the Quran reader keeps on a signed-in user's account, so that their choice follows them to another
 * device: the Arabic reciter (null until they choose one). The calls take no user id: each user reaches only
 * their own.
 */
export const ReaderPreferencesSchema = z.object({ reciter: z.string().nullable() });
export type ReaderPreferences = z.infer<typeof ReaderPreferencesSchema>;

const RECITER_IDS = QURAN_RECITERS.map((reciter) => reciter.identifier);

/** PUT /reader-preferences: one of the reciters the reader offers. */
export const ReaderPreferencesBodySchema = z.object({
  reciter: z
    .string()
    .refine((id) => RECITER_IDS.includes(id), `The reciter must be one of ${RECITER_IDS.join(', ')}`),
});

export const ReaderPreferencesAnswerSchema = successEnvelope(ReaderPreferencesSchema);
export type ReaderPreferencesAnswer = z.infer<typeof ReaderPreferencesAnswerSchema>;
