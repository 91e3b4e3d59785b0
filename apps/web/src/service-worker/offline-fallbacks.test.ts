import { describe, expect, it } from 'vitest';
import { fallbacksOf } from './offline-fallbacks';

const from = (address: string) => fallbacksOf(new URL(address, 'https://example.org'));

describe('where a page is found without a network', () => {
  it('shows a verse from its chapter, and /coran from chapter 1', () => {
    expect(from('/coran/2/255')).toEqual(['/coran/2/255', '/coran/2']);
    expect(from('/coran')).toEqual(['/coran', '/coran/1']);
    expect(from('/coran/18')).toEqual(['/coran/18']);
  });

  it('shows a page drawn at build time without its query, which its island reads', () => {
    expect(from('/invocations?categorie=3')).toEqual(['/invocations?categorie=3', '/invocations']);
  });

  it('shows a search from the search page, whose island searches on the device', () => {
    expect(from('/recherche?q=allah')).toEqual(['/recherche?q=allah', '/recherche']);
  });

  it('never shows another hadith category in place of the one asked', () => {
    expect(from('/hadith?categorie=3')).toEqual(['/hadith?categorie=3']);
  });
});
