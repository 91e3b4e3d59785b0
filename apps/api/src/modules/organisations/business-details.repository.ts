/**
 * Who an organisation's invoices are from (issue 24): the owner's details, read into every invoice answer. Called
 * with the organisation's connection (organisation-scope.ts), under the row-level security of drizzle/0020.
 */
import { REMINDERS_OFF, companyNamed, type Company, type InvoiceReminders } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { eq } from '../../db/orm.js';
import { businessDetails, organisations } from '../../db/schema.js';

/** The organisation's details and its reminders of overdue invoices, in one read of its row. */
export async function businessSettingsOf(
  db: Queryable,
  organisationId: number,
): Promise<{ details: Company; reminders: InvoiceReminders }> {
  const [row] = await db
    .select()
    .from(businessDetails)
    .where(eq(businessDetails.organisationId, organisationId));
  if (row) {
    const { name, addressLines, phone, fax, website, billingEmail, logo } = row;
    return {
      details: { name, addressLines, phone, fax, website, billingEmail, logo },
      reminders: { everyDays: row.reminderEveryDays, limit: row.reminderLimit },
    };
  }
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return { details: companyNamed(organisation?.name ?? ''), reminders: REMINDERS_OFF };
}

/** The organisation's details; its name alone while its owner has written none (never a sample). */
export async function businessDetailsOf(db: Queryable, organisationId: number): Promise<Company> {
  return (await businessSettingsOf(db, organisationId)).details;
}

/** Writes the organisation's details whole (the first time, or over the last ones). */
export async function saveBusinessDetails(
  db: Queryable,
  organisationId: number,
  details: Company,
  actorId: number | null,
): Promise<void> {
  const values = { ...details, updatedAt: new Date(), updatedBy: actorId };
  await db
    .insert(businessDetails)
    .values({ organisationId, ...values })
    .onConflictDoUpdate({ target: businessDetails.organisationId, set: values });
}

/**
 * Writes the reminders. The row is updated where it is; an organisation that wrote no details yet gets one, with its
 * name alone as details (read only then).
 */
export async function saveReminders(
  db: Queryable,
  organisationId: number,
  reminders: InvoiceReminders,
  actorId: number | null,
): Promise<void> {
  const values = {
    reminderEveryDays: reminders.everyDays,
    reminderLimit: reminders.limit,
    updatedAt: new Date(),
    updatedBy: actorId,
  };
  const updated = await db
    .update(businessDetails)
    .set(values)
    .where(eq(businessDetails.organisationId, organisationId))
    .returning({ organisationId: businessDetails.organisationId });
  if (updated.length > 0) return;
  await db
    .insert(businessDetails)
    .values({ organisationId, ...(await businessDetailsOf(db, organisationId)), ...values })
    .onConflictDoUpdate({ target: businessDetails.organisationId, set: values });
}
