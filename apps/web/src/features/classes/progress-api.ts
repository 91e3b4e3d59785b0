/** The Mes classes calls, /api/progress, through lib/http (call, error and cache rules). */
import type { ProgressAnswer } from '@app/contracts';
import { apiPut, apiRequest } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';

export const PROGRESS_API = '/api/progress';

/** The signed-in user's done lessons. */
export const progressQuery = () => apiQuery<ProgressAnswer>(PROGRESS_API);

const lessonUrl = (slug: string) => `${PROGRESS_API}/lessons/${encodeURIComponent(slug)}`;

/** Marks a lesson done or not done; the answer is the whole progress afterwards. */
export const markLesson = (slug: string, done: boolean) =>
  done
    ? apiPut<ProgressAnswer>(lessonUrl(slug))
    : apiRequest<ProgressAnswer>({ method: 'DELETE', url: lessonUrl(slug) });
