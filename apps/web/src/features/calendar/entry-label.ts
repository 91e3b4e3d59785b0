/**
 * What a screen reader says for a calendar entry: the words shown on it, in the same order (so a voice
 * user can say what they see), then the amount and the invoice's other date.
 */
import { formatMoney, toCents, formatMediumDate } from '@app/contracts';
import { ENTRY_KIND_LABELS, type CalendarEntry } from './calendar-entries';

export function entryLabel({ kind, invoice, overdue }: CalendarEntry): string {
  const otherDate =
    kind === 'issued'
      ? `due ${formatMediumDate(invoice.dueDate)}`
      : `issued ${formatMediumDate(invoice.date)}`;
  return [
    ...(overdue ? ['Overdue'] : []),
    `${ENTRY_KIND_LABELS[kind]} ${invoice.status}`,
    invoice.invoiceNumber,
    invoice.customer.name,
    formatMoney(toCents(invoice.total)),
    otherDate,
  ].join(', ');
}
