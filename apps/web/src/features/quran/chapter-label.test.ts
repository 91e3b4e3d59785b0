import { describe, expect, it } from 'vitest';
import { chapterLabel } from './chapter-label';

describe('a chapter in the list', () => {
  it('reads name - number - englishName, the Arabic name isolated so the number stays after it', () => {
    const label = chapterLabel({ number: 1, name: 'سُورَةُ ٱلْفَاتِحَةِ', englishName: 'Al-Faatiha' });
    expect(label).toBe('\u2068سُورَةُ ٱلْفَاتِحَةِ\u2069 - 1 - Al-Faatiha');
    // Exactly one isolate, closed before the number.
    expect(label.indexOf('\u2069')).toBeLessThan(label.indexOf(' - 1 - '));
    expect(label.match(/[\u2066-\u2069]/g)).toEqual(['\u2068', '\u2069']);
  });
});
