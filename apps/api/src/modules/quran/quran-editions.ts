/**
 * The four editions served by GET /api/quran/surah/{n}, described as alquran.cloud describes them,
 * and the addresses of their recitations, which always come from AUDIO_BASE_URL (in upstream mode too),
 * so that an operator can point the reader at a mirror of the recitation files.
 */
import {
  DEFAULT_RECITER,
  QURAN_EDITION_IDS,
  reciterById,
  type QuranEdition,
  type QuranEditionId,
  type QuranReciter,
  type SurahEdition,
} from '@app/contracts';

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
 * `audio` and `audioSecondary` of one verse of an audio edition: the file at the edition's first bit rate,
 * and those at the others the host has (quran-reciters.ts) as the alternatives a player may try.
 */
export function recitationOf(audioBaseUrl: string, edition: string, ayahNumber: number) {
  const [first = 128, ...others] = reciterById(edition)?.bitrates ?? [];
  const fileAt = (bitrate: number) => `${audioBaseUrl}/${bitrate}/${edition}/${ayahNumber}.mp3`;
  return { audio: fileAt(first), audioSecondary: others.map(fileAt) };
}

/** Edition 0 recited by another reader: the same Arabic text, the reciter's name and recitations. */
export function withReciter(editions: SurahEdition[], reciter: QuranReciter, audioBaseUrl: string) {
  if (reciter.identifier === DEFAULT_RECITER.identifier) return editions;
  return editions.map((edition, index) =>
    index !== 0
      ? edition
      : {
          ...edition,
          edition: {
            ...edition.edition,
            identifier: reciter.identifier,
            name: reciter.name,
            englishName: reciter.englishName,
          },
          ayahs: edition.ayahs.map((ayah) => ({
            ...ayah,
            ...recitationOf(audioBaseUrl, reciter.identifier, ayah.number),
          })),
        },
  );
}
