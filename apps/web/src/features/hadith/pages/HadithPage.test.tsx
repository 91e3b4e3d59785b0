import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../test/render';
import { HadithPage } from './HadithPage';

const hadith = (id: string, title: string) => ({ id, title, translations: ['ar', 'fr'] });

/** The hadith service as HadeethEnc shapes it; an address given `null` fails with a 500. */
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const answer = answers[url];
      return answer === undefined || answer === null
        ? new Response('{}', { status: answer === null ? 500 : 404 })
        : new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

const LIST_1 = '/api/hadith/list?category_id=1&per_page=100';
const CATEGORIES = '/api/hadith/categories';
const categories = [{ id: '1', title: 'Le Coran', hadeeths_count: '2', parent_id: null }];
const list = { data: [hadith('10', 'Premier'), hadith('11', 'Second')], meta: {} };

const routes = [{ path: '/hadith/:id?', element: <HadithPage /> }];

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the hadith page as the server draws it', () => {
  it('numbers the cards i / n, its controls disabled until its island binds them', async () => {
    serve({ [CATEGORIES]: categories, [LIST_1]: list });
    renderRoutes(routes, '/hadith');
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByText(/\d+ \/ \d+/).textContent)).toEqual(['1 / 2', '2 / 2']);
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Détail : Premier' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(await screen.findByLabelText('Catégorie')).toHaveProperty('disabled', true);
  });

  it('SPEC §8: a failed category load is silently ignored, the default category still shows', async () => {
    serve({ [CATEGORIES]: null, [LIST_1]: list });
    renderRoutes(routes, '/hadith');
    expect(await screen.findByText('Premier')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(['hadith', 'categories'])?.status).toBe('error'));
    expect(screen.queryByLabelText('Catégorie')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("draws the address's hadith in its dialog", async () => {
    serve({
      [CATEGORIES]: categories,
      [LIST_1]: list,
      '/api/hadith/detail?id=10': {
        ...hadith('10', 'Premier'),
        hadeeth: 'Le texte.',
        attribution: 'Rapporté par Muslim',
        grade: 'Authentique',
        explanation: '',
        hints: [],
        hadeeth_ar: 'النص',
        explanation_ar: 'الشرح',
        grade_ar: 'صحيح',
      },
    });
    renderRoutes(routes, '/hadith/10');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Premier');
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('SPEC §8: draws no dialog for a hadith that cannot be loaded', async () => {
    serve({ [CATEGORIES]: categories, [LIST_1]: list, '/api/hadith/detail?id=12': null });
    renderRoutes(routes, '/hadith/12');
    // The app's cache tries a failed call twice.
    await waitFor(() => expect(queryClient.getQueryState(['hadith', 'detail', '12'])?.status).toBe('error'), {
      timeout: 5_000,
    });
    expect(screen.getByText('Premier')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
