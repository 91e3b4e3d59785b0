/**
 * Switching the organisation one works in, from the profile menu → PUT /organisation/current/{id}. The
 * answer is one's profile there (role and permissions of that organisation), shown at once in the bar;
 * lib/http clears every cached answer after the call, as after any write, so nothing of the previous
 * organisation is shown again; its dashboard opens. A failure is notified: a menu has no banner.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { OrganisationSummary } from '@app/contracts';
import { notify } from '../../lib/notify';
import { PATHS } from '../../lib/paths';
import { switchOrganisation } from './organisation-api';
import { useFormError } from '../../lib/error-notice';
import { useShowOwnProfile } from './use-own-profile';

export function useSwitchOrganisation() {
  const navigate = useNavigate();
  const showOwnProfile = useShowOwnProfile();
  const { show: showFailure } = useFormError();
  return useCallback(
    async (organisation: OrganisationSummary) => {
      try {
        const answer = await switchOrganisation(organisation.id);
        showOwnProfile(answer);
        notify('success', answer.message);
        await navigate(PATHS.dashboard);
      } catch (error) {
        showFailure(error);
      }
    },
    [navigate, showOwnProfile, showFailure],
  );
}
