/**
 * Who an organisation's invoices are from (issue 24): the owner's details, read into every invoice answer. Called
 * with the organisation's connection (organisation-scope.ts), under the row-level security of drizzle/0020.
 */
import { companyNamed, type Company } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { eq } from '../../db/orm.js';
import { businessDetails, organisations } from '../../db/schema.js';

/** The organisation's details; its name alone while its owner has written none (never a sample). */
export async function businessDetailsOf(db: Queryable, organisationId: number): Promise<Company> {
  const [row] = await db
    .select()
    .from(businessDetails)
    .where(eq(businessDetails.organisationId, organisationId));
  if (row) {
    const { name, addressLines, phone, fax, website, billingEmail, logo } = row;
    return { name, addressLines, phone, fax, website, billingEmail, logo };
  }
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return companyNamed(organisation?.name ?? '');
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
