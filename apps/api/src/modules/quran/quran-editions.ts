/**
 * The four editions served by GET /api/quran/surah/{n}, described as alquran.cloud describes them,
 * and the addresses of their recitations, which always come from AUDIO_BASE_URL (in upstream mode too),
 * so that an operator can point the reader at a mirror of the recitation files.
 */
import { QURAN_EDITION_IDS, type QuranEdition, type QuranEditionId } from '@app/contracts';

export const QURAN_EDITIONS: Record<QuranEditionId, QuranEdition> = {
  'ar.hudhaify': {
    identifier: 'ar.hudhaify',
    language: 'ar',
    name: 'علي بن عبدالرحمن الحذيفي',
    englishName: 'Hudhaify',
    format: 'audio',
    type: 'versebyverse',
    direction: null,
  },
  'en.transliteration': {
    identifier: 'en.transliteration',
    language: 'en',
    name: 'Transliteration',
    englishName: 'English Transliteration',
    format: 'text',
    type: 'transliteration',
    direction: 'ltr',
  },
  'fr.leclerc': {
    identifier: 'fr.leclerc',
    language: 'fr',
    name: 'Youssouf Leclerc',
    englishName: 'Youssouf Leclerc',
    format: 'audio',
    type: 'versebyverse',
    direction: null,
  },
  'fr.hamidullah': {
    identifier: 'fr.hamidullah',
    language: 'fr',
    name: 'Hamidullah',
    englishName: 'Muhammad Hamidullah',
    format: 'text',
    type: 'translation',
    direction: 'ltr',
  },
};

/** Editions in the order of the answer (SPEC §3: 0 Arabic + audio, 1 transliteration, 2 French audio, 3 French). */
export const QURAN_EDITION_ORDER: readonly QuranEdition[] = QURAN_EDITION_IDS.map((id) => QURAN_EDITIONS[id]);

/**
 * `audio` and `audioSecondary` of one verse of an audio edition: the 128 kbit/s file, and the 64 kbit/s one
 * as the alternative a player may try when the first does not load.
 */
export function recitationOf(audioBaseUrl: string, edition: string, ayahNumber: number) {
  return {
    audio: `${audioBaseUrl}/128/${edition}/${ayahNumber}.mp3`,
    audioSecondary: [`${audioBaseUrl}/64/${edition}/${ayahNumber}.mp3`],
  };
}
