import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson } from './public-json';

const answering = (response: Response) => {
  const fetchMock = vi.fn(async (_url: string) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

afterEach(() => vi.unstubAllGlobals());

describe('getJson', () => {
  it('GETs the address with nothing added and gives its JSON', async () => {
    const fetchMock = answering(new Response(JSON.stringify({ data: [1, 2] }), { status: 200 }));
    expect(await getJson<{ data: number[] }>('/api/quran/surah')).toEqual({ data: [1, 2] });
    expect(fetchMock.mock.calls).toEqual([['/api/quran/surah']]);
  });

  it("fails with SPEC §8's text for an error status, or with the caller's", async () => {
    answering(new Response('{"reason":"hidden"}', { status: 503 }));
    await expect(getJson('/api/hadith/categories')).rejects.toThrow('An error occurred - Error status 503');
    answering(new Response('', { status: 404 }));
    await expect(getJson('/assets/x.json', (status) => `Le contenu manque (${status})`)).rejects.toThrow(
      'Le contenu manque (404)',
    );
  });
});
