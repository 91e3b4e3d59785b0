/**
 * Demo data for the embedded database, so a newcomer can sign in right after `npm start`: one demo organisation
 * whose members are one account per role (listed in the README), and its customers with their invoices to look
 * at. Only into an empty database, never in production (config.seedDemo).
 */
import type { Company, RoleName } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { actForOrganisationInTransaction } from '../db/organisation-connections.js';
import { count } from '../db/orm.js';
import { users } from '../db/schema.js';
import { hashPassword, insertOrganisation, insertUser } from '../modules/auth/auth.module.js';
import { saveBusinessDetails } from '../modules/organisations/organisations.module.js';
import { seedDemoCustomers } from './demo-customers.js';

export const DEMO_PASSWORD = 'demo-account-password';
/** The company of REFERENCE §1's invoice 'from' block, which the demo's invoices print. */
export const DEMO_ORGANISATION_NAME = 'Coran-Hadith, Inc.';

/**
 * REFERENCE §1's invoice 'from' block, the demo business's own details: a sample address is printed by the demo
 * only, never by a business that has not written its own (decision 24).
 */
export const DEMO_BUSINESS_DETAILS: Company = {
  name: DEMO_ORGANISATION_NAME,
  addressLines: ['123 Main Steet', 'Philadelphia, Pennsylvania 15886'],
  phone: '(123) 456-7890',
  fax: '(123) 456-7890',
  website: 'www.coran-hadith.example',
  billingEmail: 'billing@coran-hadith.example',
  logo: null,
};

export const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; roleName: RoleName }[] = [
  { email: 'user@example.com', firstName: 'Yusuf', lastName: 'Martin', roleName: 'ROLE_USER' },
  { email: 'manager@example.com', firstName: 'Khadija', lastName: 'Bernard', roleName: 'ROLE_MANAGER' },
  { email: 'admin@example.com', firstName: 'Ibrahim', lastName: 'Dubois', roleName: 'ROLE_ADMIN' },
  { email: 'sysadmin@example.com', firstName: 'Maryam', lastName: 'Laurent', roleName: 'ROLE_SYSADMIN' },
];

export async function seedDemoData(db: Database, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const organisationId = await insertOrganisation(tx, DEMO_ORGANISATION_NAME);
    for (const account of DEMO_ACCOUNTS) {
      await insertUser(tx, { ...account, passwordHash, organisationId, confirmed: true });
    }
    await actForOrganisationInTransaction(tx, organisationId);
    await saveBusinessDetails(tx, organisationId, DEMO_BUSINESS_DETAILS, null);
    await seedDemoCustomers(tx, organisationId);
  });
  log.info(
    `demo accounts created (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`,
  );
  log.info('demo customers and invoices created');
}
