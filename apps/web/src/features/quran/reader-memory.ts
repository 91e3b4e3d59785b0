/**
 * The reader remembers, on this device, the last chapter and verse and which texts were shown, so a
 * reader comes back where they stopped. Anything unreadable in storage is ignored.
 */
export type ShownTexts = { arabic: boolean; french: boolean; transliteration: boolean };
export type ReaderMemory = { chapter: number; verse: number; shown: ShownTexts };

const KEY = 'coran.lecteur';
export const DEFAULT_SHOWN: ShownTexts = { arabic: true, french: true, transliteration: false };

export function recallReader(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ReaderMemory | null {
  try {
    const value = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<ReaderMemory> | null;
    if (
      !value ||
      !Number.isInteger(value.chapter) ||
      !Number.isInteger(value.verse) ||
      typeof value.shown !== 'object'
    )
      return null;
    const shown = value.shown as Partial<ShownTexts>;
    return {
      chapter: Math.min(114, Math.max(1, value.chapter ?? 1)),
      verse: Math.max(1, value.verse ?? 1),
      shown: {
        arabic: shown.arabic !== false,
        french: shown.french !== false,
        transliteration: shown.transliteration === true,
      },
    };
  } catch {
    return null;
  }
}

export function rememberReader(
  memory: ReaderMemory,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(memory));
  } catch {
    // Private browsing or a full storage: the reader works, it just will not remember.
  }
}
