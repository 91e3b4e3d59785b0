/**
 * The Basmala at the head of a chapter. alquran.cloud's Arabic text begins verse 1 of every chapter but 1 and 9
 * with it ("بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ قُلْ هُوَ ٱللَّهُ أَحَدٌ" for 112:1), while the bundled text, like
 * the printed mushaf's numbering, has it above the chapter and not in the verse; the reader shows it there itself.
 * In chapter 1 it is verse 1, and chapter 9 has none.
 */

export const CHAPTER_WHERE_BASMALA_IS_VERSE_1 = 1;
export const CHAPTER_WITHOUT_BASMALA = 9;

/** Its four words as letters only, the alef wasla read as alef: how its written forms are recognised. */
const BASMALA_LETTERS = ['بسم', 'الله', 'الرحمن', 'الرحيم'];
/** The marks between the letters (vowels, shadda, sukun, the dagger alef, the Quranic signs) and tatweel. */
const MARKS = /[\p{Mn}\u0640]/gu;
const lettersOf = (word: string) => word.replace(MARKS, '').replaceAll('ٱ', 'ا');
const FOUR_WORDS = /^\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*/u;

/** The text of a chapter's first verse without the Basmala it begins with, or the text as it is. */
export function withoutLeadingBasmala(text: string): string {
  const words = FOUR_WORDS.exec(text);
  if (!words) return text;
  const isBasmala = BASMALA_LETTERS.every((letters, i) => lettersOf(words[i + 1] ?? '') === letters);
  return isBasmala ? text.slice(words[0].length) : text;
}

/** Whether verse 1 of the chapter may begin with a Basmala that is not part of it. */
export const basmalaPrecedes = (chapter: number) =>
  chapter !== CHAPTER_WHERE_BASMALA_IS_VERSE_1 && chapter !== CHAPTER_WITHOUT_BASMALA;
