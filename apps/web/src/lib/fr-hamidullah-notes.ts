/**
 * The site's notes on evident typos of Hamidullah's French as the Quran reader serves it (quran-json's
 * copy of Tanzil's fr.hamidullah). The text is always quoted as served; a note says what it has and how it
 * reads. The reader and the learning pages both read this one list, so a verse cannot be noted in one
 * place and silently corrected in another.
 */
import data from './fr-hamidullah-notes.json';

export type TranslationNote = { verse: string; published: string; reading: string };

export const TRANSLATION_NOTES: readonly TranslationNote[] = data.notes;

/** The sentence shown under the text, small. */
export function noteText(note: TranslationNote): string {
  return `Le texte publié porte « ${note.published} » [sic] ; lire « ${note.reading} ».`;
}

/**
 * The notes for a text quoting verses of a chapter: those of these verses whose published words the text
 * contains (a quotation that leaves the typo out needs no note).
 */
export function notesFor(chapter: number, verses: readonly number[], text: string): TranslationNote[] {
  const keys = new Set(verses.map((verse) => `${chapter}:${verse}`));
  return TRANSLATION_NOTES.filter((note) => keys.has(note.verse) && text.includes(note.published));
}
