import type { InvoiceStatus } from '@app/contracts';
import { StatusBadge } from '../../components/StatusBadge';
import { INVOICE_STATUS_TONES } from '../../lib/status-badges';
import classes from './calendar.module.css';

// The statuses in the order of their colours' table: importing the contracts' list would bring zod along.
const STATUSES = Object.keys(INVOICE_STATUS_TONES) as InvoiceStatus[];

/** What the colours and the frame mean, written out. */
export function CalendarLegend() {
  return (
    <ul className={classes.legend} aria-label="Legend">
      {STATUSES.map((status) => (
        <li key={status}>
          <StatusBadge kind="invoice" status={status} />
        </li>
      ))}
      <li>
        <span className={`${classes.legendOverdue} ${classes.overdue}`}>Overdue</span>: OVERDUE, or PENDING
        after its due date (30 days after the invoice date)
      </li>
    </ul>
  );
}
