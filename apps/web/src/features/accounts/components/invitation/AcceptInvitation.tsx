import { Button, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { notify } from '../../../../lib/notify';
import { PATHS } from '../../../../lib/paths';
import { ErrorBanner } from '../../../../components/FormBanners';
import { acceptInvitation } from '../../organisation-api';
import { useFormSubmit } from '../../../../lib/use-form-submit';
import { useShowOwnProfile } from '../../use-own-profile';

/**
 * 'Accept invitation' for a signed-in user → POST /organisation/invitation/{key}/accept: the account joins
 * and now works in that organisation, so the dashboard opens on its data. lib/http clears every cached
 * answer after the call, as after any write; the tokens stay as they are, since the server reads the role
 * of the current organisation on every call and the web app reads none from the token.
 */
export function AcceptInvitation({ invitationKey }: { invitationKey: string }) {
  const navigate = useNavigate();
  const showOwnProfile = useShowOwnProfile();
  const { submit, busy, report } = useFormSubmit(true, async () => {
    const answer = await acceptInvitation(invitationKey);
    showOwnProfile(answer);
    notify('success', answer.message);
    await navigate(PATHS.dashboard);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <Stack>
        <ErrorBanner error={report.error} onClose={report.clear} />
        <Button type="submit" disabled={busy} fullWidth>
          {busy ? 'Joining...' : 'Accept invitation'}
        </Button>
      </Stack>
    </form>
  );
}
