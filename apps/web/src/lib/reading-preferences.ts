/**
 * The learning site's display preferences (the theme, the size of the Arabic and French texts), stored on this
 * device and applied before each page's first paint by public/reading-preferences.js, which reads the same key.
 * Changing one here stores it and has that script apply it at once.
 */
export type Theme = 'system' | 'light' | 'dark';
export type ReadingPreferences = { theme: Theme; arabicScale: number; frenchScale: number };

const KEY = 'site.affichage';
/** The sizes offered, as a share of the usual one. */
export const TEXT_SCALES = [0.85, 1, 1.15, 1.3, 1.5, 1.75] as const;
export const DEFAULT_PREFERENCES: ReadingPreferences = { theme: 'system', arabicScale: 1, frenchScale: 1 };

export function recallPreferences(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ReadingPreferences {
  let stored: Partial<Record<keyof ReadingPreferences, unknown>> = {};
  try {
    stored = (JSON.parse(storage?.getItem(KEY) ?? '{}') as typeof stored | null) ?? {};
  } catch {
    // Unreadable: the defaults.
  }
  const scale = (value: unknown) =>
    TEXT_SCALES.includes(value as (typeof TEXT_SCALES)[number]) ? (value as number) : 1;
  return {
    theme: stored.theme === 'light' || stored.theme === 'dark' ? stored.theme : 'system',
    arabicScale: scale(stored.arabicScale),
    frenchScale: scale(stored.frenchScale),
  };
}

declare global {
  interface Window {
    /** Defined by public/reading-preferences.js, in the <head> of every learning page. */
    applyReadingPreferences?: () => void;
  }
}

export function changePreferences(
  change: Partial<ReadingPreferences>,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): ReadingPreferences {
  const preferences = { ...recallPreferences(storage), ...change };
  try {
    storage?.setItem(KEY, JSON.stringify(preferences));
  } catch {
    // Private browsing or a full storage: nothing is kept, and the page stays as it is.
  }
  window.applyReadingPreferences?.();
  return preferences;
}

/** The theme the page shows now, as public/reading-preferences.js set it: for the islands that draw with Mantine. */
export function pageColorScheme(): 'light' | 'dark' {
  return document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light';
}
