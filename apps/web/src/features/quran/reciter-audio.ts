/**
 * The recitation addresses of another Arabic reciter for a chapter: GET /api/quran/surah/{n}?reciter=…,
 * whose edition 0 carries them (the server is the one place that knows the recitation host's folders).
 */
import type { SurahEditionsResponse } from '@app/contracts';

export async function fetchReciterAudio(chapter: number, reciter: string): Promise<string[]> {
  const address = `/api/quran/surah/${chapter}?reciter=${encodeURIComponent(reciter)}`;
  const response = await fetch(address, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${address} answered HTTP ${response.status}`);
  const { data } = (await response.json()) as SurahEditionsResponse;
  return (data[0]?.ayahs ?? []).map((ayah) => ayah.audio ?? '');
}
