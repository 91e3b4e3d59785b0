import { Link } from 'react-router';
import { PATHS } from '../../lib/paths';
import { invoiceStatusColors } from '../../lib/status-badges';
import { ENTRY_KIND_LABELS, type CalendarEntry } from './calendar-entries';
import { entryLabel } from './entry-label';
import classes from './calendar.module.css';

/**
 * One invoice on one day, in its status colour (the badge colours, with their readable text colour), opening
 * the invoice. The status is also written on it, so colour is never the only sign; an overdue invoice gets
 * a dark frame and the word "Overdue" on top.
 */
export function CalendarEntryLink({ entry, wide = false }: { entry: CalendarEntry; wide?: boolean }) {
  const { invoice, kind, overdue } = entry;
  const { background, text } = invoiceStatusColors(invoice.status);
  const className = [classes.entry, wide && classes.wideEntry, overdue && classes.overdue]
    .filter(Boolean)
    .join(' ');
  return (
    <Link
      to={PATHS.invoice(invoice)}
      className={className}
      style={{ background, color: text }}
      aria-label={entryLabel(entry)}
      data-kind={kind}
    >
      {overdue && <span className={classes.overdueMark}>Overdue</span>}
      <span className={classes.entryKind}>
        {ENTRY_KIND_LABELS[kind]} · {invoice.status}
      </span>
      <span className={classes.entryNumber}>{invoice.invoiceNumber}</span>
      <span className={classes.entryCustomer}>{invoice.customer.name}</span>
    </Link>
  );
}
