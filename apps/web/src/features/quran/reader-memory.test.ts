import { describe, expect, it } from 'vitest';
import { recallReader, rememberReader } from './reader-memory';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('reader memory', () => {
  it('gives back the chapter, verse and texts it was given', () => {
    const storage = memoryStorage();
    rememberReader(
      { chapter: 2, verse: 255, shown: { arabic: false, french: true, transliteration: true } },
      storage,
    );
    expect(recallReader(storage)).toEqual({
      chapter: 2,
      verse: 255,
      shown: { arabic: false, french: true, transliteration: true },
    });
  });

  it('ignores nothing stored, or something unreadable', () => {
    const storage = memoryStorage();
    expect(recallReader(storage)).toBeNull();
    storage.setItem('coran.lecteur', '{not json');
    expect(recallReader(storage)).toBeNull();
    storage.setItem('coran.lecteur', JSON.stringify({ chapter: 'x', verse: 1, shown: {} }));
    expect(recallReader(storage)).toBeNull();
  });

  it('keeps a stored chapter within 1 to 114', () => {
    const storage = memoryStorage();
    storage.setItem('coran.lecteur', JSON.stringify({ chapter: 500, verse: 3, shown: {} }));
    expect(recallReader(storage)?.chapter).toBe(114);
  });
});
