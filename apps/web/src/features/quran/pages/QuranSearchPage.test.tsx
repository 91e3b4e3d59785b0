import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { QuranSearchResult } from '@app/contracts';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../test/render';
import { QuranSearchPage } from './QuranSearchPage';

const routes = [{ path: '/recherche', element: <QuranSearchPage /> }];

/** The search service answering `result` for any query; the addresses asked are kept. */
function serve(result: Partial<QuranSearchResult>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const data = { query: 'x', chapters: [], count: 0, matches: [], ...result };
      return new Response(JSON.stringify({ code: 200, status: 'OK', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

const match = {
  chapter: 1,
  chapterName: 'Al-Faatiha',
  verse: 3,
  arabic: 'ٱلرَّحۡمَٰنِ ٱلرَّحِيمِ',
  french: 'Le Tout Miséricordieux, le Très Miséricordieux',
  transliteration: 'Alrrahmani alrraheemi',
  highlights: {
    arabic: [],
    french: [
      [8, 22],
      [32, 46],
    ] as [number, number][],
    transliteration: [],
  },
};

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the Quran search page', () => {
  it('asks for the address’s query and page, and shows each verse with its words marked and its link', async () => {
    const asked = serve({ query: 'misericordieux', count: 120, matches: [match] });
    renderRoutes(routes, '/recherche?q=misericordieux&page=2');
    const link = await screen.findByRole('link', { name: 'Al-Faatiha 1:3' });
    expect(asked).toEqual(['/api/quran/search?q=misericordieux&limit=50&offset=50']);
    expect(link.getAttribute('href')).toBe('/coran/1/3');
    const verse = link.closest('li') as HTMLElement;
    expect([...verse.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Miséricordieux',
      'Miséricordieux',
    ]);
    expect(screen.getByRole('status').textContent).toBe('120 versets trouvés : 51 à 51');
    const pages = screen.getByRole('navigation', { name: 'Pages de résultats' });
    expect(within(pages).getByRole('link', { name: '← Versets précédents' }).getAttribute('href')).toBe(
      '/recherche?q=misericordieux',
    );
    expect(within(pages).getByRole('link', { name: 'Versets suivants →' }).getAttribute('href')).toBe(
      '/recherche?q=misericordieux&page=3',
    );
    expect(screen.getByRole('searchbox')).toHaveProperty('value', 'misericordieux');
  });

  it('offers the chapters a query names, and says so when no verse holds the words', async () => {
    serve({ query: 'kahf', chapters: [{ number: 18, name: 'الكهف', englishName: 'Al-Kahf' }] });
    renderRoutes(routes, '/recherche?q=kahf');
    const chapter = await screen.findByRole('link', { name: /Sourate 18 · Al-Kahf/ });
    expect(chapter.getAttribute('href')).toBe('/coran/18');
    expect(screen.getByRole('status').textContent).toBe('Aucun verset ne contient ces mots.');
  });

  it('suggests another way when nothing is found', async () => {
    serve({ query: 'zzz' });
    renderRoutes(routes, '/recherche?q=zzz');
    expect(await screen.findByText(/^Aucun verset ne contient « zzz »/)).toHaveProperty(
      'textContent',
      'Aucun verset ne contient « zzz ». Essayez sans un des mots, ou une référence comme 2:255.',
    );
  });

  it('shows only the form, asking nothing, without a query', () => {
    const asked = serve({});
    renderRoutes(routes, '/recherche');
    expect(screen.getByRole('searchbox')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(asked).toEqual([]);
  });
});
