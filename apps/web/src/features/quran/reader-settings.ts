/**
 * How the reader likes to listen, remembered on this device apart from where they stopped (reader-memory.ts):
 * the Arabic reciter, a speed for each language, how each verse is repeated and the silence between verses,
 * and whether the view follows the verse being recited. Anything unreadable in storage falls back to the
 * seed's behaviour, value by value.
 */
import { DEFAULT_RECITER } from '@app/contracts';
import type { Language, Repetition } from './playback';

export type ReaderSettings = {
  reciter: string;
  speed: Record<Language, number>;
  /** Each verse's repetition and the silence between verses; a range of verses belongs to one visit. */
  verseTimes: number;
  pause: Repetition['pause'];
  /** The view keeps the verse being recited in its middle (the seed's behaviour). */
  follow: boolean;
};

/** The speeds offered, from half to twice the recording's. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** Times a verse can be heard: 1 to 10, or endlessly (Infinity, stored as 0: JSON has no Infinity). */
export const VERSE_TIMES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, Infinity] as const;
/** Silences offered between verses, in seconds, and 'verse': as long as the verse took. */
export const PAUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'verse'] as const;

export const DEFAULT_SETTINGS: ReaderSettings = {
  reciter: DEFAULT_RECITER.identifier,
  speed: { ar: 1, fr: 1 },
  verseTimes: 1,
  pause: 0,
  follow: true,
};

const KEY = 'coran.reglages';

function offered(allowed: readonly unknown[], value: unknown): boolean {
  return allowed.includes(value);
}

function oneOf<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return offered(allowed, value) ? (value as T) : fallback;
}

/**
 * `reciters`: the identifiers offered (the page's own list, drawn from QURAN_RECITERS: the reader's code does
 * not carry the list itself).
 */
export function recallSettings(
  reciters: readonly string[],
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ReaderSettings {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    if (value && typeof value === 'object') stored = value as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  const speed = (stored.speed ?? {}) as Record<string, unknown>;
  const pauseSeconds = Number(stored.pause) / 1000;
  return {
    reciter: oneOf(reciters, stored.reciter, DEFAULT_SETTINGS.reciter),
    speed: { ar: oneOf(SPEEDS, speed.ar, 1), fr: oneOf(SPEEDS, speed.fr, 1) },
    verseTimes: stored.verseTimes === 0 ? Infinity : oneOf(VERSE_TIMES, stored.verseTimes, 1),
    pause: stored.pause === 'verse' ? 'verse' : offered(PAUSES, pauseSeconds) ? pauseSeconds * 1000 : 0,
    follow: stored.follow !== false,
  };
}

export function rememberSettings(
  settings: ReaderSettings,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    const verseTimes = settings.verseTimes === Infinity ? 0 : settings.verseTimes;
    storage?.setItem(KEY, JSON.stringify({ ...settings, verseTimes }));
  } catch {
    // Private browsing or a full storage: the settings hold for this visit only.
  }
}
