/**
 * The signed-in user's profile answer (GET /user/profile), the one the signed-in bar also reads: a change
 * answered with the new profile is put there at once, so the page and the bar (picture, name) show it
 * without waiting for the fetch that the write starts anyway (lib/http clears the cache after a write).
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileAnswer } from '@app/contracts';
import { apiQueryKey } from '../../lib/http/cache-policy';
import { PROFILE_URL } from '../../lib/own-profile';

export function useShowOwnProfile() {
  const client = useQueryClient();
  return useCallback(
    (answer: ProfileAnswer) => {
      if (answer.data) client.setQueryData(apiQueryKey(PROFILE_URL), answer);
    },
    [client],
  );
}
