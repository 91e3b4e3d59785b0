/** The two first states of a page that checks an e-mailed link with the server: checking, and refused. */
import type { ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { errorText } from '../../../lib/screen-state';
import { AccountCard } from './AccountCard';
import { StatusIcon } from './StatusIcon';

/** While the link is checked: what is being confirmed, in `waiting`. */
export function CheckingLinkCard({ waiting }: { waiting: string }) {
  return (
    <AccountCard centered>
      <Center mb="md" role="status">
        <Loader aria-label="Verifying" />
      </Center>
      <PageTitle size="h2">Verifying...</PageTitle>
      <Text>{waiting}</Text>
    </AccountCard>
  );
}

/** The link was refused: the server's reason as the heading, then what the person can do (`children`). */
export function RefusedLinkCard({ error, children }: { error: unknown; children: ReactNode }) {
  return (
    <AccountCard centered>
      <StatusIcon kind="error" />
      <PageTitle size="h3" focus>
        {errorText(error)}
      </PageTitle>
      {children}
    </AccountCard>
  );
}
