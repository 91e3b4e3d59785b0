import { describe, expect, it } from 'vitest';
import { entriesByDay, isOverdue, periodSummary } from './calendar-entries';
import { aCalendarInvoice } from './calendar-test-data';

describe('isOverdue', () => {
  it('is the status OVERDUE, or PENDING after its due date', () => {
    const today = '2026-11-21';
    expect(isOverdue({ status: 'OVERDUE', dueDate: '2026-12-30' }, today)).toBe(true);
    expect(isOverdue({ status: 'PENDING', dueDate: '2026-11-20' }, today)).toBe(true);
    // Due today: not late yet.
    expect(isOverdue({ status: 'PENDING', dueDate: '2026-11-21' }, today)).toBe(false);
    expect(isOverdue({ status: 'PAID', dueDate: '2026-01-01' }, today)).toBe(false);
    expect(isOverdue({ status: 'CANCELED', dueDate: '2026-01-01' }, today)).toBe(false);
  });
});

describe('entriesByDay', () => {
  const period = { from: '2026-11-16', to: '2026-11-22' };

  it('puts an invoice on its date and on its due date, within the period only', () => {
    const issued = aCalendarInvoice({ id: 1, date: '2026-11-17', dueDate: '2026-12-17' });
    const due = aCalendarInvoice({ id: 2, date: '2026-10-21', dueDate: '2026-11-20' });
    const days = entriesByDay([issued, due], period, '2026-11-21');
    expect([...days.keys()]).toEqual(['2026-11-17', '2026-11-20']);
    expect(days.get('2026-11-17')).toEqual([
      { kind: 'issued', day: '2026-11-17', invoice: issued, overdue: false },
    ]);
    expect(days.get('2026-11-20')).toEqual([{ kind: 'due', day: '2026-11-20', invoice: due, overdue: true }]);
  });

  it('lists invoices issued before those due on a day, each by number', () => {
    const invoices = [
      aCalendarInvoice({ id: 3, invoiceNumber: 'INV-000003', date: '2026-10-19', dueDate: '2026-11-18' }),
      aCalendarInvoice({ id: 9, invoiceNumber: 'INV-000009', date: '2026-11-18', dueDate: '2026-12-18' }),
      aCalendarInvoice({ id: 2, invoiceNumber: 'INV-000002', date: '2026-10-19', dueDate: '2026-11-18' }),
      aCalendarInvoice({ id: 8, invoiceNumber: 'INV-000008', date: '2026-11-18', dueDate: '2026-12-18' }),
    ];
    const day = entriesByDay(invoices, period, '2026-11-01').get('2026-11-18') ?? [];
    expect(day.map((entry) => `${entry.kind} ${entry.invoice.invoiceNumber}`)).toEqual([
      'issued INV-000008',
      'issued INV-000009',
      'due INV-000002',
      'due INV-000003',
    ]);
  });

  it('sums up the period, counting an overdue invoice once', () => {
    const late = aCalendarInvoice({ id: 4, status: 'OVERDUE', date: '2026-11-16', dueDate: '2026-11-16' });
    const days = entriesByDay(
      [late, aCalendarInvoice({ id: 5, status: 'PAID', date: '2026-11-19', dueDate: '2026-12-19' })],
      period,
      '2026-11-21',
    );
    expect(periodSummary(days)).toEqual({ issued: 2, due: 1, overdue: 1 });
  });
});
