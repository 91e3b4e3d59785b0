import { useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginSession, SessionsData } from '@app/contracts';
import { ErrorBanner } from '../../../../components/FormBanners';
import { ScreenStateView } from '../../../../components/ScreenStateView';
import { ScrollTable } from '../../../../components/ScrollTable';
import { answerScreen } from '../../../../lib/answer-screen';
import type { ApiAnswer } from '../../../../lib/http/api-client';
import { apiQueryKey } from '../../../../lib/http/cache-policy';
import { notify } from '../../../../lib/notify';
import { formatDateTime } from '../../profile-dates';
import { endOtherSessions, endSession, SESSIONS_URL, sessionsQuery } from '../../sessions-api';
import { useErrorReport, useNotifiedLoadError } from '../../use-error-report';
import { ProfileSection } from './ProfileSection';
import classes from './profile.module.css';

const moment = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/**
 * Where the account is signed in: one row per live session, most recently used first, with its device, address
 * and times, this device's marked. Any other session can be ended, or all of them at once (a lost phone, a
 * shared computer); neither is confirmed first, since signing in again undoes it. This device's session is
 * ended by signing out, in the profile menu.
 */
export function SessionsSection() {
  const client = useQueryClient();
  const query = useQuery(sessionsQuery());
  useNotifiedLoadError(query.error);
  const report = useErrorReport();
  const [busy, setBusy] = useState(false);

  const change = async (call: () => Promise<ApiAnswer<SessionsData>>) => {
    if (busy) return;
    setBusy(true);
    report.clear();
    try {
      const answer = await call();
      // The sessions that remain, at once; lib/http fetches the list again too, as after every write.
      if (answer.data) client.setQueryData(apiQueryKey(SESSIONS_URL), answer);
      notify('success', answer.message);
    } catch (error) {
      report.show(error);
    } finally {
      setBusy(false);
    }
  };

  const table = (sessions: LoginSession[]) => {
    const others = sessions.filter((session) => !session.current).length;
    return (
      <>
        <ScrollTable
          caption={`Your ${sessions.length} signed-in session${sessions.length === 1 ? '' : 's'}, most recently active first`}
          highlightOnHover={false}
          busy={busy}
          head={
            <Table.Tr>
              <Table.Th scope="col">Device</Table.Th>
              <Table.Th scope="col">IP address</Table.Th>
              <Table.Th scope="col">Signed in</Table.Th>
              <Table.Th scope="col">Last active</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          }
        >
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>
                {session.device}
                {session.current && (
                  <span className={classes.tag} data-tone="on">
                    This device
                  </span>
                )}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{session.ipAddress}</Table.Td>
              <Table.Td className={classes.nowrap}>{moment(session.createdAt)}</Table.Td>
              <Table.Td className={classes.nowrap}>{moment(session.lastUsedAt)}</Table.Td>
              <Table.Td>
                {!session.current && (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red"
                    onClick={() => void change(() => endSession(session.id))}
                    disabled={busy}
                    aria-label={`End the session of ${session.device} at ${session.ipAddress}`}
                  >
                    End session
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm">
            {others === 0
              ? 'No other device is signed in to your account.'
              : `${others} other session${others === 1 ? '' : 's'} signed in to your account.`}
          </Text>
          <Button
            variant="outline"
            color="red"
            onClick={() => void change(endOtherSessions)}
            disabled={busy || others === 0}
          >
            Sign out all other sessions
          </Button>
        </Group>
      </>
    );
  };

  return (
    <ProfileSection
      title="Sessions"
      description="Where your account is signed in. One you do not recognise? End it, then change your password."
    >
      <ErrorBanner error={report.error} onClose={report.clear} />
      <ScreenStateView screen={answerScreen(query)} loadingLabel="Loading your sessions">
        {({ sessions }) => table(sessions)}
      </ScreenStateView>
    </ProfileSection>
  );
}
