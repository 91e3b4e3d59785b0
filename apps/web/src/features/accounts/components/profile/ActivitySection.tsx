import { Table, Text } from '@mantine/core';
import type { UserEvent } from '@app/contracts';
import { ScrollTable } from '../../../../components/ScrollTable';
import { formatDateTime } from '../../profile-dates';
import { ProfileSection } from './ProfileSection';
import classes from './profile.module.css';

/** Events that someone may want to look into: a failed login they did not make. */
const WARNING_TYPES = new Set<UserEvent['type']>(['LOGIN_ATTEMPT_FAILURE']);

/**
 * Recent activity: the 10 latest events of the account as the server sends them (newest first), with the
 * device and address they came from, in the reader's own date format. A table scrolling sideways on a
 * phone, as its four columns are read across.
 */
export function ActivitySection({ events }: { events: UserEvent[] }) {
  return (
    <ProfileSection
      title="Recent activity"
      description="The latest events of your account. One you do not recognise? Change your password."
    >
      {events.length === 0 ? (
        <Text>No activity yet.</Text>
      ) : (
        <ScrollTable
          caption={`Your ${events.length} latest account events, newest first`}
          highlightOnHover={false}
          head={
            <Table.Tr>
              <Table.Th scope="col">Event</Table.Th>
              <Table.Th scope="col">Device</Table.Th>
              <Table.Th scope="col">IP address</Table.Th>
              <Table.Th scope="col">Date</Table.Th>
            </Table.Tr>
          }
        >
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                {event.description}
                {WARNING_TYPES.has(event.type) && (
                  <span className={classes.tag} data-tone="warning">
                    Failed
                  </span>
                )}
              </Table.Td>
              <Table.Td>{event.device}</Table.Td>
              <Table.Td className={classes.nowrap}>{event.ipAddress}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </ProfileSection>
  );
}
