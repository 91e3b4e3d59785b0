import { useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginSession, SessionsAnswer } from '@app/contracts';
import { ScreenStateView } from '../../../../components/ScreenStateView';
import { ScrollTable } from '../../../../components/ScrollTable';
import { answerScreen } from '../../../../lib/answer-screen';
import { apiQueryKey } from '../../../../lib/http/cache-policy';
import { notify } from '../../../../lib/notify';
import { formatDateTime } from '../../profile-dates';
import { endOtherSessions, endSession, SESSIONS_URL, sessionsQuery } from '../../sessions-api';
import { useNotifiedError } from '../../../../lib/use-notified-error';
import { PasswordConfirmDialog, type PasswordQuestion } from './PasswordConfirmDialog';
import { ProfileSection } from './ProfileSection';
import classes from './profile.module.css';

const moment = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/** An ending the user asked for, waiting for their password. */
type Ending = PasswordQuestion & { end: (currentPassword: string) => Promise<SessionsAnswer> };

/**
 * Where the account is signed in: one row per live session, most recently used first, with its device, address
 * and times, this device's marked. Any other session can be ended, or all of them at once (a lost phone, a
 * shared computer), once the current password is typed: a stolen session cannot sign its owner out elsewhere.
 * This device's session is ended by signing out, in the profile menu.
 */
export function SessionsSection() {
  const client = useQueryClient();
  const query = useQuery(sessionsQuery());
  useNotifiedError(query.error);
  const [ending, setEnding] = useState<Ending | null>(null);

  /** Ends with the password typed; a refusal stays in the dialog (PasswordConfirmDialog). */
  const confirm = async (currentPassword: string) => {
    if (!ending) return;
    const answer = await ending.end(currentPassword);
    // The sessions that remain, at once; lib/http fetches the list again too, as after every write.
    if (answer.data) client.setQueryData(apiQueryKey(SESSIONS_URL), answer);
    notify('success', answer.message);
  };

  const askToEnd = (session: LoginSession) =>
    setEnding({
      title: 'End this session',
      message: `${session.device} at ${session.ipAddress} will be signed out. To confirm it's you, enter your current password.`,
      confirmLabel: 'End session',
      end: (currentPassword) => endSession(session.id, currentPassword),
    });

  const askToEndOthers = () =>
    setEnding({
      title: 'Sign out all other sessions',
      message:
        "Every device but this one will be signed out. To confirm it's you, enter your current password.",
      confirmLabel: 'Sign out others',
      end: endOtherSessions,
    });

  const table = (sessions: LoginSession[]) => {
    const others = sessions.filter((session) => !session.current).length;
    return (
      <>
        <ScrollTable
          caption={`Your ${sessions.length} signed-in session${sessions.length === 1 ? '' : 's'}, most recently active first`}
          highlightOnHover={false}
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
                    onClick={() => askToEnd(session)}
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
          <Button variant="outline" color="red" onClick={askToEndOthers} disabled={others === 0}>
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
      <ScreenStateView screen={answerScreen(query)} loadingLabel="Loading your sessions">
        {({ sessions }) => table(sessions)}
      </ScreenStateView>
      <PasswordConfirmDialog question={ending} onConfirm={confirm} onClose={() => setEnding(null)} />
    </ProfileSection>
  );
}
