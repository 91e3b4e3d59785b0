import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { renderRoutes } from '../../../test/render';
import { InvocationsPage } from './InvocationsPage';
import { ProphetsPage } from './ProphetsPage';

const assets = path.resolve(import.meta.dirname, '../../../../public/assets');

/** The site's own content files, served as /assets/ serves them. */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const file = path.join(assets, url.replace(/^\/assets\//, ''));
      return fs.existsSync(file)
        ? new Response(fs.readFileSync(file, 'utf8'), { headers: { 'Content-Type': 'application/json' } })
        : new Response('', { status: 404 });
    }),
  );
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The card that holds an element. */
function cardOf(element: HTMLElement) {
  const card = element.closest('article');
  if (!card) throw new Error('not inside a card');
  return within(card);
}

describe('the notes under quoted verses', () => {
  it('shows under the 20:114 invocation that the published text has « accroît », quoted as it is', async () => {
    renderRoutes([{ path: '/invocations', element: <InvocationsPage /> }], '/invocations?categorie=Sagesse');
    await screen.findByText('O mon Seigneur, accroît mes connaissances!');
    expect(
      cardOf(screen.getByText('O mon Seigneur, accroît mes connaissances!')).getByText(
        'Note : Le texte publié porte « accroît mes connaissances » [sic] ; lire « accrois mes connaissances ».',
      ),
    ).toBeTruthy();
    // A verse quoted without a typo carries no note.
    expect(
      cardOf(screen.getByText('Source : Coran, sourate 26, verset 83')).queryByText(/^Note :/),
    ).toBeNull();
  });

  it("shows under a prophet's story the note on the typo its quotation keeps", async () => {
    renderRoutes([{ path: '/prophetes', element: <ProphetsPage /> }], '/prophetes');
    const story = await screen.findByText(/O mon cher père, fais ce qui t'es commandé/);
    expect(
      cardOf(story).getByText(
        "Note : Le texte publié porte « t'es commandé » [sic] ; lire « t'est commandé ».",
      ),
    ).toBeTruthy();
  });
});
