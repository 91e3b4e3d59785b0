import { describe, expect, it } from 'vitest';
import type { SurahEdition } from '@app/contracts';
import { toVerses } from './verses';

const edition = (identifier: string, texts: string[], audio?: string) =>
  ({
    number: 112,
    edition: { identifier },
    ayahs: texts.map((text, i) => ({
      number: 6222 + i,
      numberInSurah: i + 1,
      text,
      ...(audio ? { audio: `${audio}/${6222 + i}.mp3` } : {}),
    })),
  }) as unknown as SurahEdition;

describe('toVerses', () => {
  it('joins the four editions verse by verse: Arabic and its recitation, transliteration, French recitation, French', () => {
    const verses = toVerses([
      edition('ar.hudhaify', ['قُلۡ هُوَ', 'ٱللَّهُ'], 'ar'),
      edition('en.transliteration', ['Qul huwa', 'Allahu'], undefined),
      edition('fr.leclerc', ['-', '-'], 'fr'),
      edition('fr.hamidullah', ['Dis', 'Allah']),
    ]);
    expect(verses).toEqual([
      {
        number: 1,
        arabic: 'قُلۡ هُوَ',
        transliteration: 'Qul huwa',
        french: 'Dis',
        audio: { ar: 'ar/6222.mp3', fr: 'fr/6222.mp3' },
      },
      {
        number: 2,
        arabic: 'ٱللَّهُ',
        transliteration: 'Allahu',
        french: 'Allah',
        audio: { ar: 'ar/6223.mp3', fr: 'fr/6223.mp3' },
      },
    ]);
  });

  it('refuses a chapter that lacks an edition', () => {
    expect(() => toVerses([edition('ar.hudhaify', ['x'], 'ar')])).toThrow('The chapter lacks an edition');
  });
});
