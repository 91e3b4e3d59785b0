/**
 * The /api/user/sessions calls (issue 19): the account's live sessions, ending one, and ending all but this
 * device's. Each write answers with the sessions that remain; lib/http also fetches the list again, as after
 * every write.
 */
import type { SessionsData } from '@app/contracts';
import { apiPost, apiRequest } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';

export const SESSIONS_URL = '/api/user/sessions';

export const sessionsQuery = () => apiQuery<SessionsData>(SESSIONS_URL);

export const endSession = (id: string) =>
  apiRequest<SessionsData>({ method: 'DELETE', url: `${SESSIONS_URL}/${encodeURIComponent(id)}` });

export const endOtherSessions = () => apiPost<SessionsData>(`${SESSIONS_URL}/end-others`);
