/**
 * The reader's view of a chapter (SPEC §3): the four editions of the service, index 0 Arabic with its
 * recitation, 1 transliteration, 2 French recitation, 3 French text, folded into one list of verses.
 */
import type { SurahEdition } from '@app/contracts';

export type Verse = {
  /** Number in the chapter, from 1. */
  number: number;
  arabic: string;
  french: string;
  transliteration: string;
  audio: { ar: string; fr: string };
};

export function toVerses(editions: SurahEdition[]): Verse[] {
  const [arabic, transliteration, frenchAudio, french] = editions;
  if (!arabic || !transliteration || !frenchAudio || !french) throw new Error('The chapter lacks an edition');
  return arabic.ayahs.map((ayah, i) => ({
    number: ayah.numberInSurah,
    arabic: ayah.text,
    transliteration: transliteration.ayahs[i]?.text ?? '',
    french: french.ayahs[i]?.text ?? '',
    audio: { ar: ayah.audio ?? '', fr: frenchAudio.ayahs[i]?.audio ?? '' },
  }));
}
