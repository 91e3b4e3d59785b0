/**
 * One change on the Team page: the call runs with its section busy; on success the server's message is
 * notified, on failure its reason shows in the section's banner and is notified (SPEC §8). A change
 * answered with the team shows at once: lib/http fetches the team and the profile again anyway, as after
 * every write, so the signed-in bar and the business lists follow too.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer, TeamAnswer } from '@app/contracts';
import { apiQueryKey } from '../../lib/http/cache-policy';
import { notify } from '../../lib/notify';
import { TEAM_URL } from './organisation-api';
import { useFormError } from '../../lib/error-notice';

export function useTeamChange() {
  const client = useQueryClient();
  const report = useFormError();
  const { show: showFailure, clear: clearFailure } = report;
  const [busy, setBusy] = useState(false);

  /** Resolves with the answer, or undefined when the call failed (already reported). */
  const send = useCallback(
    async <A extends MessageAnswer>(call: () => Promise<A>): Promise<A | undefined> => {
      setBusy(true);
      clearFailure();
      try {
        const answer = await call();
        notify('success', answer.message);
        return answer;
      } catch (error) {
        showFailure(error);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [showFailure, clearFailure],
  );

  /** A call answered with the team; resolves with whether it succeeded. */
  const change = useCallback(
    async (call: () => Promise<TeamAnswer>): Promise<boolean> => {
      const answer = await send(call);
      if (answer?.data) client.setQueryData(apiQueryKey(TEAM_URL), answer);
      return answer !== undefined;
    },
    [client, send],
  );

  return { send, change, busy, report };
}
