/**
 * The Basmala that alquran.cloud's Arabic puts at the head of verse 1 is taken off, whatever marks it is written
 * with, and nothing else is: the verse's own words stay exactly as sent.
 */
import { describe, expect, it } from 'vitest';
import { basmalaPrecedes, withoutLeadingBasmala } from './basmala.js';

/** 112:1 as alquran.cloud's Uthmani text sends it. */
const AL_IKHLAS_1 = 'بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ قُلْ هُوَ ٱللَّهُ أَحَدٌ';

describe('the Basmala at the head of verse 1', () => {
  it('is taken off, leaving the verse exactly as sent', () => {
    expect(withoutLeadingBasmala(AL_IKHLAS_1)).toBe('قُلْ هُوَ ٱللَّهُ أَحَدٌ');
  });

  it('is recognised with a shadda on its first letter, or in the King Fahd complex marks', () => {
    expect(withoutLeadingBasmala('بِّسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ قُلْ هُوَ ٱللَّهُ أَحَدٌ')).toBe('قُلْ هُوَ ٱللَّهُ أَحَدٌ');
    expect(withoutLeadingBasmala('بِسۡمِ ٱللَّهِ ٱلرَّحۡمَٰنِ ٱلرَّحِيمِ الٓمٓ')).toBe('الٓمٓ');
  });

  it('leaves a verse that does not begin with it as it is', () => {
    for (const text of ['قُلْ هُوَ ٱللَّهُ أَحَدٌ', 'ٱللَّهُ ٱلصَّمَدُ', 'بِسْمِ ٱللَّهِ مَجْر۪ىٰهَا وَمُرْسَىٰهَآ', '']) {
      expect(withoutLeadingBasmala(text)).toBe(text);
    }
  });

  it('precedes verse 1 of every chapter but 1, where it is verse 1, and 9, which has none', () => {
    expect(basmalaPrecedes(1)).toBe(false);
    expect(basmalaPrecedes(9)).toBe(false);
    expect([2, 8, 10, 112, 114].every(basmalaPrecedes)).toBe(true);
  });
});
