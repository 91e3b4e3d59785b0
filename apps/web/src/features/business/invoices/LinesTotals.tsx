import { formatMoney, TAX_RATE_LABEL } from '@app/contracts';
import { draftTotals, type LineDraft } from '../invoice-line-drafts';
import classes from '../../../components/business.module.css';

/**
 * The new invoice's total as the lines typed so far make it (SPEC's Total, the printed SUBTOTAL), its tax and
 * the total due, as the server will compute and print them. Read out when it changes.
 */
export function LinesTotals({ lines }: { lines: readonly LineDraft[] }) {
  const totals = draftTotals(lines);
  return (
    <dl className={classes.linesTotals} aria-live="polite" aria-label="Invoice total">
      <div>
        <dt>Total</dt>
        <dd>{formatMoney(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>Tax ({TAX_RATE_LABEL})</dt>
        <dd>{formatMoney(totals.tax)}</dd>
      </div>
      <div className={classes.linesTotalDue}>
        <dt>Total due</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
    </dl>
  );
}
