/**
 * SPEC §4's session rule for the calls lib/http's JSON client cannot make (an upload that reports its
 * progress, a download of bytes): the access token is refreshed first when it has already expired, so a
 * 10 MB file is not sent only to be refused, and once more if the server still answers that it expired.
 * The refresh itself is lib/http's, shared with every other call and tab.
 */
import { resumeSession } from '../../lib/http/api-client';
import { ApiError, isExpiredAccess } from '../../lib/http/api-error';
import { tokenStore } from '../../lib/session/token-store';
import { isAuthenticated } from '../../lib/session/token-claims';

async function resumeOrFail(): Promise<string | null> {
  const resumed = await resumeSession();
  if (!resumed.resumed) throw new ApiError(resumed.reason, 401);
  return tokenStore.accessToken();
}

/** What a call answered: its status, and the envelope's reason when it failed. */
export type Answered = { status: number; reason?: string };

/** Sends with the current access token, refreshing it before (when expired) or after (when refused as expired). */
export async function sendWithSession<A extends Answered>(
  send: (bearer: string | null) => Promise<A>,
): Promise<A> {
  const stored = tokenStore.accessToken();
  const bearer = stored !== null && !isAuthenticated(stored) ? await resumeOrFail() : stored;
  const answer = await send(bearer);
  if (!isExpiredAccess(answer)) return answer;
  return send(await resumeOrFail());
}
