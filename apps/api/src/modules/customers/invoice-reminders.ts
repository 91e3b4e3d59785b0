/**
 * Reminders of overdue invoices (decision 24), for the businesses that turned them on (every so many days after
 * the due date, at most so many): sent by the hourly sweep (overdue-invoices.ts) right after it marks invoices
 * overdue. Each reminder is sent in its own transaction within its business, the invoice locked and its count
 * checked again: two instances sweeping at once send it once, and a failure leaves the others to go.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Queryable } from '../../db/database.js';
import { and, eq, sql } from '../../db/orm.js';
import { businessDetails, invoices } from '../../db/schema.js';
import { sendInvoice } from './invoice-sending.js';
import { invoiceRefsFrom } from './invoices.repository.js';
import { today } from './invoice-life.service.js';

type Due = { organisationId: number; invoiceId: number };

function invoicesDueForReminder(db: Queryable, day: string): Promise<Due[]> {
  return invoiceRefsFrom(db, sql`invoices_due_for_reminder(${day}::date)`);
}

/**
 * Sends one invoice's next reminder if it is still due (nobody sent it since the list was read); true if sent.
 * SKIP LOCKED: an invoice another instance is reminding now is left to it.
 */
async function remindOnce(
  tx: Queryable,
  { organisationId, invoiceId }: Due,
  day: string,
  publicUrl: string,
): Promise<boolean> {
  const [due] = await tx
    .select({ sent: invoices.remindersSent, limit: businessDetails.reminderLimit })
    .from(invoices)
    .innerJoin(businessDetails, eq(businessDetails.organisationId, invoices.organisationId))
    .where(
      and(
        eq(invoices.organisationId, organisationId),
        eq(invoices.id, invoiceId),
        eq(invoices.status, 'OVERDUE'),
        sql`${invoices.remindersSent} < ${businessDetails.reminderLimit}`,
        sql`coalesce(${invoices.lastReminderOn}, ${invoices.date} + 30) + ${businessDetails.reminderEveryDays} <= ${day}::date`,
      ),
    )
    .for('update', { of: invoices, skipLocked: true });
  if (!due) return false;
  const number = due.sent + 1;
  const reminder = { kind: 'REMINDER', number, of: due.limit } as const;
  await sendInvoice(tx, { organisationId, invoiceId, actorId: null }, reminder, publicUrl);
  await tx
    .update(invoices)
    .set({ remindersSent: number, lastReminderOn: day })
    .where(and(eq(invoices.organisationId, organisationId), eq(invoices.id, invoiceId)));
  return true;
}

/** Sends every reminder due on `day` (YYYY-MM-DD), their links on `publicUrl`; gives how many were sent. */
export async function sendDueReminders(
  database: Pick<DatabaseHandle, 'db' | 'organisation'>,
  { log, publicUrl }: { log: FastifyBaseLogger; publicUrl: string },
  day = today(),
): Promise<number> {
  let sent = 0;
  for (const due of await invoicesDueForReminder(database.db, day)) {
    try {
      const business = database.organisation(due.organisationId);
      if (await business.db.transaction((tx) => remindOnce(tx, due, day, publicUrl))) sent += 1;
    } catch (error) {
      // Tried again at the next sweep; the other reminders go now.
      log.error({ err: error, ...due }, 'invoice reminder failed');
    }
  }
  return sent;
}
