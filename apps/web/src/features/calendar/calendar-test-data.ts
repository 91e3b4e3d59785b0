/** An invoice as GET /api/calendar/invoices sends it, for the calendar's tests: PENDING, issued 2026-10-25. */
import type { CalendarInvoice } from '@app/contracts';

export function aCalendarInvoice(overrides: Partial<CalendarInvoice> = {}): CalendarInvoice {
  return {
    id: 1,
    invoiceNumber: 'INV-000001',
    customer: { id: 3, name: 'Élodie Lefèvre' },
    date: '2026-10-25',
    dueDate: '2026-11-24',
    status: 'PENDING',
    total: 300,
    ...overrides,
  };
}
