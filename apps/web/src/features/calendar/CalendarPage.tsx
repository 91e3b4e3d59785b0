import { useEffect, useId, useMemo, useRef } from 'react';
import { Alert, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CALENDAR_MAX_INVOICES } from '@app/contracts';
import { useSearchParams } from 'react-router';
import { ScreenStateView } from '../../components/ScreenStateView';
import { answerScreen } from '../../lib/answer-screen';
import { BusinessPage } from '../../components/BusinessPage';
import { localIsoDate } from '../../lib/dates';
import { useNotifiedError } from '../../lib/use-notified-error';
import { calendarQuery } from './calendar-api';
import { entriesByDay, periodSummary } from './calendar-entries';
import { periodOf, periodTitle, readCalendarParams, shiftAnchor, type CalendarView } from './calendar-period';
import { CalendarAgenda } from './CalendarAgenda';
import { CalendarGrid } from './CalendarGrid';
import { CalendarLegend } from './CalendarLegend';
import { CalendarToolbar } from './CalendarToolbar';
// The view switch's sliding highlight is a FloatingIndicator, styled in its own file.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import classes from './calendar.module.css';

type Shown = { view: CalendarView; anchor: string };

/** Below this width seven columns are too narrow to read: the calendar becomes a list of days. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * /feature, Calendrier (decision 0010): the invoices on their dates and due dates, by month or by week,
 * coloured by status, each opening its invoice, the overdue ones framed. The period is in the address
 * (?view=week&date=2026-11-16), so a reload, a shared link or Back from an invoice returns to it.
 */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const today = localIsoDate();
  const { view, anchor } = readCalendarParams(params, today);
  const period = useMemo(() => periodOf(view, anchor), [view, anchor]);
  // The previous period stays on screen while the next one loads, instead of a spinner at every step.
  const query = useQuery({ ...calendarQuery(period), placeholderData: keepPreviousData });
  useNotifiedError(query.error);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const titleId = useId();

  // Clicks can come faster than the address changes: each step starts from the last period asked for, not
  // from the one still drawn, so two quick clicks on Next move two months.
  const asked = useRef<Shown | null>(null);
  useEffect(() => {
    if (asked.current?.view === view && asked.current.anchor === anchor) asked.current = null;
  }, [view, anchor]);
  const show = (change: (from: Shown) => Shown) => {
    const next = change(asked.current ?? { view, anchor });
    asked.current = next;
    setParams({ view: next.view, date: next.anchor }, { replace: true });
  };
  const busy = query.isPlaceholderData;

  return (
    <BusinessPage title="Calendrier">
      <CalendarToolbar
        view={view}
        onStep={(step) => show((from) => ({ ...from, anchor: shiftAnchor(from.view, from.anchor, step) }))}
        onToday={() => show((from) => ({ ...from, anchor: today }))}
        onView={(next) => show((from) => ({ ...from, view: next }))}
      />
      <div className={classes.periodRow} aria-live="polite">
        <h2 id={titleId} className={classes.periodTitle}>
          {periodTitle(period)}
        </h2>
        {busy && <Loader size="xs" aria-label="Loading the invoices of this period" />}
      </div>
      <ScreenStateView screen={answerScreen(query)} loadingLabel="Loading the invoices of this period">
        {(data) => {
          const entries = entriesByDay(data.invoices, period, today);
          // Said of the month itself, not of the neighbouring days the grid also shows.
          const summary = periodSummary(
            entriesByDay(data.invoices, { from: period.first, to: period.last }, today),
          );
          const View = phone ? CalendarAgenda : CalendarGrid;
          return (
            <>
              {!busy && (
                <Text mb="sm">
                  {summary.issued} issued, {summary.due} due
                  {summary.overdue > 0 && (
                    <>
                      , <strong className={classes.overdueCount}>{summary.overdue} overdue</strong>
                    </>
                  )}{' '}
                  in {periodTitle(period)}.
                </Text>
              )}
              {data.truncated && (
                <Alert color="yellow" mb="sm">
                  This period has more than {CALENDAR_MAX_INVOICES} invoices: only the first{' '}
                  {CALENDAR_MAX_INVOICES} by date are shown. The week view shows a shorter period.
                </Alert>
              )}
              <View period={period} entries={entries} today={today} labelledBy={titleId} busy={busy} />
              <CalendarLegend />
            </>
          );
        }}
      </ScreenStateView>
    </BusinessPage>
  );
}
