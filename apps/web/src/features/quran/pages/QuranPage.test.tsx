import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { servedFrench } from '../../../test/served-quran';
import { QuranPage } from './QuranPage';

/** The French the server serves for a verse of chapter 20. */
const french = (verse: number) => servedFrench(20, verse) ?? '';

const ta_ha = {
  number: 20,
  name: 'سُورَةُ طه',
  englishName: 'Taa-Haa',
  englishNameTranslation: 'Taa-Haa',
  numberOfAyahs: 135,
  revelationType: 'Meccan',
};
/** Chapter 20 cut down to verses 114 and 115, in the four editions, in alquran.cloud's shape. */
function edition(text: (verse: number) => string) {
  return {
    ...ta_ha,
    edition: {},
    ayahs: [114, 115].map((verse) => ({
      number: 2462 + verse,
      numberInSurah: verse,
      juz: 16,
      page: 320,
      text: text(verse),
      audio: '',
    })),
  };
}

/** The verse's item in the list, the one holding its texts and notes. */
function itemOf(element: HTMLElement): HTMLElement {
  const item = element.closest('li');
  if (!item) throw new Error('not inside a verse');
  return item;
}

afterEach(() => queryClient.clear());

describe('QuranPage', () => {
  it("shows the site's note under a verse whose published French has an evident typo, the text left as it is", async () => {
    mockApi({
      'GET /api/quran/surah': { data: [ta_ha] },
      'GET /api/quran/surah/1': { data: [] },
      'GET /api/quran/surah/20': {
        data: [edition(() => 'عربي'), edition(() => 'translit'), edition(() => ''), edition(french)],
      },
    });
    renderRoutes([{ path: '/coran/:chapter?/:verse?', element: <QuranPage /> }], '/coran/20');

    const item = within(itemOf(await screen.findByText(/Verset 114/)));
    expect(item.getByText(french(114))).toBeTruthy();
    expect(item.getByText(/accroît mes connaissances!»$/)).toBeTruthy();
    expect(
      item.getByText(
        'Note : Le texte publié porte « accroît mes connaissances » [sic] ; lire « accrois mes connaissances ».',
      ),
    ).toBeTruthy();
    expect(item.getByText('Note : Le texte publié porte « éxalté » [sic] ; lire « exalté ».')).toBeTruthy();
    const verse115 = within(itemOf(screen.getByText(/Verset 115/)));
    expect(verse115.queryByText(/^Note :/)).toBeNull();
    // The translation is credited on the terms its publisher sets.
    expect(
      screen.getByText(/Muhammad Hamidullah, d'après Tanzil.net, pour un usage non commercial/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'sources et conditions' }).getAttribute('href')).toBe('/sources');
  });
});
