import type { ReactNode } from 'react';
import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ProfileData } from '@app/contracts';
import { Link } from 'react-router';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { answerScreen } from '../../../lib/answer-screen';
import { profileQuery } from '../../../lib/own-profile';
import { PATHS } from '../../../lib/paths';
import { canCreateCustomersAndInvoices, creationRefusal, type Creation } from '../../../lib/permissions';
import { useNotifiedError } from '../../../lib/use-notified-error';

const LIST: Record<Creation, { to: string; label: string }> = {
  customers: { to: PATHS.customers, label: 'Back to the customers' },
  invoices: { to: PATHS.invoices, label: 'Back to the invoices' },
};

/**
 * A form that creates a record, shown only to a role that may create one. Anyone else, who opened the
 * form's address directly, reads why not and whom to ask, instead of filling in a form the server would
 * refuse on save. The role is the user's in their current organisation, from their profile answer.
 */
export function CreationGate({ what, children }: { what: Creation; children: ReactNode }) {
  const profile = useQuery(profileQuery());
  useNotifiedError(profile.error);
  return (
    <ScreenStateView screen={answerScreen<ProfileData>(profile)} loadingLabel="Checking your role">
      {({ user, organisation }) =>
        canCreateCustomersAndInvoices(user) ? (
          children
        ) : (
          <Alert color="blue" variant="light" role="status" title={`You cannot create ${what}`} maw={720}>
            <Text size="sm" mb="sm">
              {creationRefusal(user, what, organisation.name)}
            </Text>
            <Anchor component={Link} to={LIST[what].to} size="sm">
              {LIST[what].label}
            </Anchor>
          </Alert>
        )
      }
    </ScreenStateView>
  );
}
