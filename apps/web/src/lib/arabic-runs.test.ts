import { describe, expect, it } from 'vitest';
import { splitArabicRuns } from './arabic-runs';

describe('splitArabicRuns', () => {
  it('keeps a French text without Arabic whole', () => {
    expect(splitArabicRuns('Le Tout Miséricordieux')).toEqual([
      { text: 'Le Tout Miséricordieux', arabic: false },
    ]);
  });

  it('isolates each Arabic word or phrase quoted in French', () => {
    expect(splitArabicRuns('كِتَابٌ (kitâbun) devient كِتَابُكَ الجديد.')).toEqual([
      { text: 'كِتَابٌ', arabic: true },
      { text: ' (kitâbun) devient ', arabic: false },
      { text: 'كِتَابُكَ الجديد', arabic: true },
      { text: '.', arabic: false },
    ]);
  });

  it('treats a suffix written with a tatweel as Arabic', () => {
    expect(splitArabicRuns('le suffixe ـهَا')).toEqual([
      { text: 'le suffixe ', arabic: false },
      { text: 'ـهَا', arabic: true },
    ]);
  });
});
