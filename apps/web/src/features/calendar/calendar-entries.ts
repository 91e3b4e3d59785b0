/**
 * What the calendar draws on each day: an invoice on its date ("Issued") and on its due date ("Due"),
 * and whether it is overdue. Overdue (decision 0010): the status OVERDUE, or PENDING after its due date
 * (due today is not late yet). "Today" is the viewer's calendar day, so the rule is applied here rather
 * than on the server, whose day may differ from the viewer's.
 */
import type { CalendarInvoice } from '@app/contracts';

export type EntryKind = 'issued' | 'due';

export type CalendarEntry = {
  kind: EntryKind;
  /** The day it is drawn on. */
  day: string;
  invoice: CalendarInvoice;
  overdue: boolean;
};

export function isOverdue(invoice: Pick<CalendarInvoice, 'status' | 'dueDate'>, today: string): boolean {
  return invoice.status === 'OVERDUE' || (invoice.status === 'PENDING' && invoice.dueDate < today);
}

/**
 * The entries of each day from `from` to `to`: on a day, invoices issued come before invoices due, each
 * by invoice number. Dates outside the period (the other date of an invoice) are left out.
 */
export function entriesByDay(
  invoices: CalendarInvoice[],
  period: { from: string; to: string },
  today: string,
): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>();
  const add = (kind: EntryKind, day: string, invoice: CalendarInvoice) => {
    if (day < period.from || day > period.to) return;
    const entry = { kind, day, invoice, overdue: isOverdue(invoice, today) };
    byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  };
  for (const invoice of invoices) {
    add('issued', invoice.date, invoice);
    add('due', invoice.dueDate, invoice);
  }
  for (const entries of byDay.values()) {
    entries.sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'issued' ? -1 : 1) ||
        a.invoice.invoiceNumber.localeCompare(b.invoice.invoiceNumber),
    );
  }
  return byDay;
}

/** The period's figures, said above the calendar: issued and due in it, and how many are overdue. */
export function periodSummary(entries: Map<string, CalendarEntry[]>): {
  issued: number;
  due: number;
  overdue: number;
} {
  const all = [...entries.values()].flat();
  return {
    issued: all.filter((entry) => entry.kind === 'issued').length,
    due: all.filter((entry) => entry.kind === 'due').length,
    overdue: new Set(all.filter((entry) => entry.overdue).map((entry) => entry.invoice.id)).size,
  };
}

export const ENTRY_KIND_LABELS: Record<EntryKind, string> = { issued: 'Issued', due: 'Due' };
