/**
 * A chapter in the reader's list, "name - number - englishName" (SPEC §2.1). The Arabic name is isolated
 * (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE): an <option> holds text only, and without the
 * isolation the number after an Arabic name joins its right-to-left run and is drawn before it.
 */
export function chapterLabel(chapter: { number: number; name: string; englishName: string }): string {
  return `\u2068${chapter.name}\u2069 - ${chapter.number} - ${chapter.englishName}`;
}
