/**
 * The dashboard's figures (issue 24) for one organisation, read with its connection under row-level security.
 * What a customer owes is computed as everywhere (invoice-amounts.ts).
 */
import { lastMonths, TOP_CUSTOMERS, type Dashboard } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, asc, eq, gte, inArray, lte, ne, sql, type AnyPgColumn } from '../../db/orm.js';
import { customers, invoicePayments, invoices } from '../../db/schema.js';
import { amountDueSql, balanceDueSql } from './invoice-amounts.js';

const monthOf = (day: AnyPgColumn) => sql<string>`to_char(${day}, 'YYYY-MM')`;
/** A sum as exact decimal text, 0 when there is nothing to add. */
const total = (amount: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${amount}), 0)::text`;

export async function dashboardOf(db: Queryable, organisationId: number, today: string): Promise<Dashboard> {
  const months = lastMonths(today);
  const from = `${months[0]}-01`;
  const open = and(
    eq(invoices.organisationId, organisationId),
    inArray(invoices.status, ['PENDING', 'OVERDUE']),
  );

  const billed = await db
    .select({ month: monthOf(invoices.date), amount: total(amountDueSql) })
    .from(invoices)
    .where(
      and(
        eq(invoices.organisationId, organisationId),
        gte(invoices.date, from),
        lte(invoices.date, today),
        ne(invoices.status, 'CANCELED'),
      ),
    )
    .groupBy(monthOf(invoices.date));
  const paid = await db
    .select({
      month: monthOf(invoicePayments.date),
      amount: total(
        sql`CASE WHEN ${invoicePayments.kind} = 'REFUND' THEN -${invoicePayments.amount} ELSE ${invoicePayments.amount} END`,
      ),
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.organisationId, organisationId),
        gte(invoicePayments.date, from),
        lte(invoicePayments.date, today),
      ),
    )
    .groupBy(monthOf(invoicePayments.date));
  const [owed] = await db
    .select({
      outstanding: total(balanceDueSql),
      overdue: sql<string>`coalesce(sum(${balanceDueSql}) FILTER (WHERE ${invoices.status} = 'OVERDUE'), 0)::text`,
    })
    .from(invoices)
    .where(open);

  const owing = db
    .select({
      customerId: invoices.customerId,
      balanceDue: sql<string>`sum(${balanceDueSql})`.as('balance_due'),
    })
    .from(invoices)
    .where(open)
    .groupBy(invoices.customerId)
    .having(sql`sum(${balanceDueSql}) > 0`)
    .orderBy(sql`sum(${balanceDueSql}) DESC`, asc(invoices.customerId))
    .limit(TOP_CUSTOMERS)
    .as('owing');
  const top = await db
    .select({ id: customers.id, name: customers.name, balanceDue: sql<string>`${owing.balanceDue}::text` })
    .from(owing)
    .innerJoin(
      customers,
      and(eq(customers.organisationId, organisationId), eq(customers.id, owing.customerId)),
    )
    .orderBy(sql`${owing.balanceDue} DESC`, asc(customers.id));

  const byMonth = (rows: { month: string; amount: string }[]) =>
    new Map(rows.map((row) => [row.month, Number(row.amount)]));
  const billedIn = byMonth(billed);
  const paidIn = byMonth(paid);
  return {
    months: months.map((month) => ({
      month,
      billed: billedIn.get(month) ?? 0,
      paid: paidIn.get(month) ?? 0,
    })),
    outstanding: Number(owed?.outstanding ?? 0),
    overdue: Number(owed?.overdue ?? 0),
    topCustomers: top.map((row) => ({ id: row.id, name: row.name, balanceDue: Number(row.balanceDue) })),
  };
}
