/**
 * The /api/user/sessions calls (issue 19): the account's live sessions, ending one, and ending all but this
 * device's. Each write answers with the sessions that remain; lib/http also fetches the list again, as after
 * every write.
 */
import type { SessionsAnswer } from '@app/contracts';
import { apiPost, apiRequest } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';

export const SESSIONS_URL = '/api/user/sessions';

export const sessionsQuery = () => apiQuery<SessionsAnswer>(SESSIONS_URL);

/** Ends another session of the account: the server asks for the current password. */
export const endSession = (id: string, currentPassword: string) =>
  apiRequest<SessionsAnswer>({
    method: 'DELETE',
    url: `${SESSIONS_URL}/${encodeURIComponent(id)}`,
    body: { currentPassword },
  });

export const endOtherSessions = (currentPassword: string) =>
  apiPost<SessionsAnswer>(`${SESSIONS_URL}/end-others`, { currentPassword });
