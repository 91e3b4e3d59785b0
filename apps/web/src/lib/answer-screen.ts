import type { SuccessEnvelope } from '@app/contracts';
import { errorText, type ScreenState } from './screen-state';

type AnswerQuery<T> = {
  status: 'pending' | 'error' | 'success';
  data: SuccessEnvelope<T> | undefined;
  error: unknown;
};

/**
 * SPEC §4's LOADING / LOADED / ERROR of a screen's answer, giving the answer's data. An answer already
 * on screen stays there when fetching it again fails (after a write cleared the cache); the failure is
 * notified instead.
 */
export function answerScreen<T>(query: AnswerQuery<T>): ScreenState<T> {
  if (query.data) {
    // Every answer these screens ask for carries data; one without would be a server fault.
    return query.data.data === undefined
      ? { state: 'ERROR', error: 'An error occurred - Error status 200' }
      : { state: 'LOADED', data: query.data.data };
  }
  if (query.status === 'error') return { state: 'ERROR', error: errorText(query.error) };
  return { state: 'LOADING' };
}
