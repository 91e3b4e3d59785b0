import type { CompletedLesson } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../lib/query-client';
import { apiUser, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { ClassesPage } from './ClassesPage';
import { PATHS } from '../../lib/paths';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../lib/notify');

const COURSE = {
  modules: [
    {
      numero: 1,
      titre: "Module 1 : Lire l'arabe",
      cours: [
        { numero: 1, slug: 'alphabet-1', titre: "L'alphabet arabe (1re partie)" },
        { numero: 2, slug: 'alphabet-2', titre: "L'alphabet arabe (2e partie)" },
      ],
    },
    {
      numero: 2,
      titre: 'Module 2 : Premiers pas en grammaire',
      cours: [{ numero: 3, slug: 'pronoms-personnels', titre: 'Les pronoms personnels isolés' }],
    },
  ],
};

const routes = [{ path: PATHS.classes, element: <ClassesPage /> }];
const progress = (lessons: CompletedLesson[], message = 'Progress retrieved') => ({
  message,
  data: { user: apiUser(), lessons },
});
const done = (slug: string): CompletedLesson => ({ slug, completedAt: '2026-11-20T10:00:00.000Z' });

/** The API, and the course file the page reads like /coursarabe does. */
function serve(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({ 'GET /assets/coursArabe.json': { data: undefined, ...COURSE }, ...handlers });
}

/** A server that keeps the progress it is told, as the real one does: every later GET sees the marks. */
function progressServer(initial: string[]) {
  const lessons = new Map(initial.map((slug) => [slug, done(slug)]));
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/progress': () => progress([...lessons.values()]),
  };
  for (const slug of COURSE.modules.flatMap((m) => m.cours.map((c) => c.slug))) {
    handlers[`PUT /api/progress/lessons/${slug}`] = () => {
      if (!lessons.has(slug)) lessons.set(slug, done(slug));
      return progress([...lessons.values()], 'Lesson marked as done');
    };
    handlers[`DELETE /api/progress/lessons/${slug}`] = () => {
      lessons.delete(slug);
      return progress([...lessons.values()], 'Lesson marked as not done');
    };
  }
  return serve(handlers);
}

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ClassesPage', () => {
  it('shows the lessons done, the progress per module and in all, and the next lesson', async () => {
    serve({ 'GET /api/progress': progress([done('alphabet-1'), done('pronoms-personnels')]) });
    renderRoutes(routes, PATHS.classes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes classes' })).toBeTruthy();
    expect(
      (await screen.findByRole('progressbar', { name: "Progression dans le cours d'arabe" })).getAttribute(
        'aria-valuenow',
      ),
    ).toBe('67');
    expect(screen.getByText('2 cours terminés sur 3.')).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: "Progression — Module 1 : Lire l'arabe" })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(
      screen
        .getByRole('progressbar', { name: 'Progression — Module 2 : Premiers pas en grammaire' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');

    expect(box(/^Cours 1 : /).checked).toBe(true);
    expect(box(/^Cours 2 : /).checked).toBe(false);
    expect(box(/^Cours 3 : /).checked).toBe(true);
    expect(screen.getAllByText('Terminé le 20 novembre 2026')).toHaveLength(2);

    const next = screen.getByRole('link', { name: "Cours 2 : L'alphabet arabe (2e partie)" });
    expect(next.getAttribute('href')).toBe('/coursarabe#cours-2');
    expect(screen.getByRole('link', { name: 'Lire le cours 3' }).getAttribute('href')).toBe(
      '/coursarabe#cours-3',
    );
  });

  it('marks a lesson done with its box, and shows the answer', async () => {
    const calls = progressServer([]);
    renderRoutes(routes, PATHS.classes);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Cours 2 : / }));
    // Ticked at once, then saved.
    expect(box(/^Cours 2 : /).checked).toBe(true);
    await screen.findByText('1 cours terminé sur 3.');
    await waitFor(() => expect(box(/^Cours 2 : /).disabled).toBe(false));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/api/progress/lessons/alphabet-2',
    ]);
    // Saved on the server: what the page fetches again afterwards still has it.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/progress')).toHaveLength(2));
    expect(box(/^Cours 2 : /).checked).toBe(true);
  });

  it('marks the next lesson done from its button, then offers the one after', async () => {
    progressServer([]);
    renderRoutes(routes, PATHS.classes);
    fireEvent.click(await screen.findByRole('button', { name: 'Marquer le cours 1 comme terminé' }));
    expect(await screen.findByRole('button', { name: 'Marquer le cours 2 comme terminé' })).toBeTruthy();
    await waitFor(() => expect(box(/^Cours 1 : /).disabled).toBe(false));
    expect(box(/^Cours 1 : /).checked).toBe(true);
  });

  it('marks a lesson not done', async () => {
    const calls = progressServer(['alphabet-1']);
    renderRoutes(routes, PATHS.classes);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Cours 1 : / }));
    await screen.findByText('0 cours terminé sur 3.');
    await waitFor(() => expect(box(/^Cours 1 : /).disabled).toBe(false));
    expect(box(/^Cours 1 : /).checked).toBe(false);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/progress/lessons/alphabet-1',
    ]);
  });

  it('puts the box back and notifies when the mark fails', async () => {
    serve({
      'GET /api/progress': progress([]),
      'PUT /api/progress/lessons/alphabet-1': { status: 400, reason: 'The course has no lesson alphabet-1' },
    });
    renderRoutes(routes, PATHS.classes);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Cours 1 : / }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'The course has no lesson alphabet-1'));
    await waitFor(() => expect(box(/^Cours 1 : /).checked).toBe(false));
  });

  it('congratulates once every lesson is done', async () => {
    serve({ 'GET /api/progress': progress(['alphabet-1', 'alphabet-2', 'pronoms-personnels'].map(done)) });
    renderRoutes(routes, PATHS.classes);
    expect(await screen.findByText('Vous avez terminé tous les cours. Félicitations !')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Marquer/ })).toBeNull();
  });

  it('shows why the progress could not be loaded', async () => {
    serve({ 'GET /api/progress': { status: 503, reason: 'The service is temporarily unavailable.' } });
    renderRoutes(routes, PATHS.classes);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The service is temporarily unavailable.')).toBeTruthy();
  });
});
