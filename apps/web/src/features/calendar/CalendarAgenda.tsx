import { Text } from '@mantine/core';
import { periodTitle, shortDate } from './calendar-period';
import { CalendarEntryLink } from './CalendarEntryLink';
import type { CalendarViewProps } from './CalendarGrid';
import classes from './calendar.module.css';

/**
 * The calendar on a phone, where seven columns do not fit: a list of days, each with its entries at full
 * width. A week lists its seven days; a month only the days of the month that have something.
 */
export function CalendarAgenda({ period, entries, today, labelledBy, busy }: CalendarViewProps) {
  const days = period.weeks
    .flat()
    .filter(
      (day) => day >= period.first && day <= period.last && (period.view === 'week' || entries.has(day)),
    );
  if (days.length === 0) {
    return <Text py="md">No invoices issued or due in {periodTitle(period)}.</Text>;
  }
  return (
    <ol className={classes.agenda} aria-labelledby={labelledBy} aria-busy={busy}>
      {days.map((day) => {
        const dayEntries = entries.get(day) ?? [];
        return (
          <li key={day} className={classes.agendaDay} aria-current={day === today ? 'date' : undefined}>
            <h3 className={classes.agendaHeading}>
              <time dateTime={day}>{shortDate(day)}</time>
              {day === today && <span className={classes.todayTag}>Today</span>}
            </h3>
            {dayEntries.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing issued or due.
              </Text>
            ) : (
              <ul className={classes.entries}>
                {dayEntries.map((entry) => (
                  <li key={`${entry.kind}-${entry.invoice.id}`}>
                    <CalendarEntryLink entry={entry} wide />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
