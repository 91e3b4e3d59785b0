import { Button, Group, SegmentedControl } from '@mantine/core';
import type { CalendarView } from './calendar-period';
import classes from './calendar.module.css';

type Props = {
  view: CalendarView;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
};

const VIEWS = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
];

/** Previous / Today / Next, and the choice of a month or a week: buttons and radios, so all by keyboard. */
export function CalendarToolbar({ view, onStep, onToday, onView }: Props) {
  return (
    <div className={classes.toolbar}>
      <Group gap="xs" wrap="wrap">
        <Button variant="default" onClick={() => onStep(-1)}>
          Previous {view}
        </Button>
        <Button variant="default" onClick={onToday}>
          Today
        </Button>
        <Button variant="default" onClick={() => onStep(1)}>
          Next {view}
        </Button>
      </Group>
      <SegmentedControl
        aria-label="View"
        value={view}
        onChange={(value) => onView(value === 'week' ? 'week' : 'month')}
        data={VIEWS}
      />
    </div>
  );
}
