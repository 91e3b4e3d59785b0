/**
 * The reciter kept on a signed-in reader's account (/api/reader-preferences), so that the choice made on one
 * device is found on another. Loaded by the reader's island only for a browser that holds a session.
 */
import type { ReaderPreferencesAnswer } from '@app/contracts';
import { apiGet, apiPut } from '../../lib/http/api-client';

export async function accountReciter(): Promise<string | null> {
  return (await apiGet<ReaderPreferencesAnswer>('/api/reader-preferences')).data.reciter;
}

export async function keepAccountReciter(reciter: string): Promise<void> {
  await apiPut<ReaderPreferencesAnswer>('/api/reader-preferences', { reciter });
}
