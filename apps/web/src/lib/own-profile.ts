/**
 * The signed-in user's profile answer (GET /api/user/profile): who they are, their role and permissions in
 * their current organisation, that organisation and all of theirs. The signed-in bar, the account screens
 * and the business screens read this one answer, so it is fetched once and a change shows everywhere.
 */
import type { ProfileAnswer } from '@app/contracts';
import { apiQuery } from './http/api-query';

export const PROFILE_URL = '/api/user/profile';

/**
 * Quiet when the session turns out to be over: the bar is on the learning pages too, where a reader is not
 * sent to the login screen; on a guarded screen the guard opens /login itself.
 */
export const profileQuery = () => apiQuery<ProfileAnswer>(PROFILE_URL, { onSessionLost: 'quiet' });
