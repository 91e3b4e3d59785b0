import { describe, expect, it } from 'vitest';
import { QURAN_RECITERS } from '@app/contracts';
import { DEFAULT_SETTINGS, recallSettings as recallAmong, rememberSettings } from './reader-settings';

const RECITERS = QURAN_RECITERS.map((reciter) => reciter.identifier);
const recallSettings = (storage: Pick<Storage, 'getItem'>) => recallAmong(RECITERS, storage);

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('reader settings', () => {
  it('gives back what it was given, an endless repetition included', () => {
    const storage = memoryStorage();
    const settings = {
      reciter: 'ar.alafasy',
      speed: { ar: 0.75, fr: 1.5 },
      verseTimes: Infinity,
      pause: 'verse' as const,
      follow: false,
    };
    rememberSettings(settings, storage);
    expect(recallSettings(storage)).toEqual(settings);
    rememberSettings({ ...settings, verseTimes: 3, pause: 4000 }, storage);
    expect(recallSettings(storage)).toMatchObject({ verseTimes: 3, pause: 4000 });
  });

  it('is the seed’s behaviour with nothing stored', () => {
    expect(recallSettings(memoryStorage())).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      reciter: 'ar.hudhaify',
      speed: { ar: 1, fr: 1 },
      verseTimes: 1,
      pause: 0,
      follow: true,
    });
  });

  it('falls back value by value on anything it does not offer', () => {
    const storage = memoryStorage({
      'coran.reglages': JSON.stringify({
        reciter: 'ar.unknown',
        speed: { ar: 3, fr: 1.25 },
        verseTimes: 11,
        pause: 1500,
        follow: 'no',
      }),
    });
    expect(recallSettings(storage)).toEqual({ ...DEFAULT_SETTINGS, speed: { ar: 1, fr: 1.25 } });
    expect(recallSettings(memoryStorage({ 'coran.reglages': '{oops' }))).toEqual(DEFAULT_SETTINGS);
  });
});
