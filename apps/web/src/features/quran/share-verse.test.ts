import { describe, expect, it } from 'vitest';
import { verseCitation } from './share-verse';

describe('a verse as it is copied', () => {
  it('keeps its reference, its translator and its address with its text', () => {
    expect(
      verseCitation({
        chapter: 112,
        chapterTitle: 'Al-Ikhlaas',
        verse: 1,
        arabic: ' قُلۡ هُوَ ٱللَّهُ أَحَدٌ ',
        french: 'Dis : « Il est Allah, Unique. »',
        address: 'https://example.org/coran/112/1',
      }),
    ).toBe(
      [
        'قُلۡ هُوَ ٱللَّهُ أَحَدٌ',
        'Dis : « Il est Allah, Unique. »',
        '— Coran, sourate 112 (Al-Ikhlaas), verset 1 ; traduction de Muhammad Hamidullah',
        'https://example.org/coran/112/1',
      ].join('\n'),
    );
  });
});
