import { VisuallyHidden } from '@mantine/core';
import type { CalendarEntry } from './calendar-entries';
import { longDate, WEEKDAYS, type Period } from './calendar-period';
import { CalendarEntryLink } from './CalendarEntryLink';
import classes from './calendar.module.css';

/** What both views of a period take: this grid, and the list of days on a phone (CalendarAgenda). */
export type CalendarViewProps = {
  period: Period;
  entries: Map<string, CalendarEntry[]>;
  today: string;
  /** The id of the period's heading, which names the table. */
  labelledBy: string;
  busy: boolean;
};

/**
 * The month or week as a table (weeks in rows, Monday to Sunday in columns), so a screen reader can say
 * which weekday a day is. Days of the neighbouring months are dimmed; today is marked.
 */
export function CalendarGrid({ period, entries, today, labelledBy, busy }: CalendarViewProps) {
  return (
    <table
      className={`${classes.grid} ${period.view === 'week' ? classes.weekGrid : ''}`}
      aria-labelledby={labelledBy}
      aria-busy={busy}
    >
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th key={weekday} scope="col">
              <span aria-hidden="true">{weekday.slice(0, 3)}</span>
              <VisuallyHidden>{weekday}</VisuallyHidden>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {period.weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const outside = period.view === 'month' && !day.startsWith(period.month);
              const dayEntries = entries.get(day) ?? [];
              return (
                <td
                  key={day}
                  className={`${classes.day} ${outside ? classes.outside : ''}`}
                  aria-current={day === today ? 'date' : undefined}
                >
                  <time dateTime={day} className={classes.dayNumber}>
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <VisuallyHidden>
                      {longDate(day)}
                      {day === today ? ', today' : ''}
                    </VisuallyHidden>
                  </time>
                  {dayEntries.length > 0 && (
                    <ul className={classes.entries}>
                      {dayEntries.map((entry) => (
                        <li key={`${entry.kind}-${entry.invoice.id}`}>
                          <CalendarEntryLink entry={entry} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
