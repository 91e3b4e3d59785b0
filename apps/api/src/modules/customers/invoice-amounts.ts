/**
 * What a customer owes for an invoice, in SQL: its total with the 5.4 % tax rounded to the cent, as amountDueOf
 * computes it in the contracts (and mark_overdue_invoices in drizzle/0018); the balance is that less what was
 * paid, and nothing for a cancelled invoice, as the answers give it (toApiInvoice): the expression its indexes are
 * built on (schema.ts), so that the list sorted by balance walks them.
 */
import { sql } from '../../db/orm.js';
import { balanceDueOf, invoices } from '../../db/schema.js';

export const amountDueSql = sql`(${invoices.total} + round(${invoices.total} * 0.054, 2))`;

export const balanceDueSql = balanceDueOf(invoices);
