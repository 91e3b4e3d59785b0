/**
 * Creates a confirmed account in an organisation (decision 17). For production's first business, a new
 * organisation and its owner (ROLE_SYSADMIN):
 *   npm run user:create -- --email owner@example.com --organisation "Name of the business" [--first-name A --last-name B]
 * or a member of an existing organisation, with a role:
 *   npm run user:create -- --email someone@example.com --organisation-id 1 --role ROLE_ADMIN
 * The password is asked at the terminal, or read from standard input. Uses the same database settings
 * as the server (DATABASE_URL, or the embedded database under DATA_DIR, which must not be in use).
 */
import { parseArgs } from 'node:util';
import {
  IdSchema,
  OrganisationNameSchema,
  RegisterRequestSchema,
  RoleNameSchema,
  type RoleName,
} from '@app/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import {
  assertPasswordStrongEnough,
  hashPassword,
  insertOrganisation,
  insertUser,
  organisationName,
} from '../modules/auth/auth.module.js';
import { AppError } from '../lib/app-error.js';
import { readPassword } from './read-password.js';

const USAGE =
  'Usage: npm run user:create -- --email <e-mail> (--organisation <new organisation name> | ' +
  '--organisation-id <id> [--role ROLE_USER|ROLE_MANAGER|ROLE_ADMIN|ROLE_SYSADMIN]) ' +
  '[--first-name <name>] [--last-name <name>]';

type OrganisationChoice =
  { newOrganisation: string; roleName: RoleName } | { organisationId: number; roleName: RoleName };

/** A new organisation (its creator becomes its owner), or an existing one joined with a role. */
function organisationChoice(values: {
  organisation?: string;
  'organisation-id'?: string;
  role?: string;
}): OrganisationChoice {
  if (values.organisation !== undefined && values['organisation-id'] === undefined) {
    const name = OrganisationNameSchema.safeParse(values.organisation);
    if (!name.success) throw new Error(name.error.issues.map((i) => i.message).join('; '));
    return { newOrganisation: name.data, roleName: 'ROLE_SYSADMIN' };
  }
  const id = IdSchema.safeParse(values['organisation-id']);
  const role = RoleNameSchema.safeParse(values.role ?? 'ROLE_USER');
  if (values.organisation !== undefined || !id.success || !role.success) throw new Error(USAGE);
  return { organisationId: id.data, roleName: role.data };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      organisation: { type: 'string' },
      'organisation-id': { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'User' },
    },
  });
  if (!values.email) throw new Error(USAGE);
  const choice = organisationChoice(values);
  const password = await readPassword('Password: ');
  const account = RegisterRequestSchema.safeParse({
    email: values.email,
    password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!account.success) throw new Error(account.error.issues.map((i) => i.message).join('; '));
  await assertPasswordStrongEnough(account.data.password, account.data);

  const { database, release } = await openDatabase(loadConfig());
  try {
    const passwordHash = await hashPassword(account.data.password);
    const user = await database.db.transaction(async (tx) => {
      const organisationId =
        'newOrganisation' in choice
          ? await insertOrganisation(tx, choice.newOrganisation)
          : choice.organisationId;
      if (!(await organisationName(tx, organisationId))) {
        throw new Error(`No organisation with ID ${organisationId}`);
      }
      return insertUser(tx, {
        ...account.data,
        passwordHash,
        organisationId,
        roleName: choice.roleName,
        confirmed: true,
      });
    });
    console.log(
      `Created ${user.email} (id ${user.id}) with ${user.roleName} in organisation ${user.organisationId}; it can log in now.`,
    );
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError ? error.reason : error instanceof Error ? error.message : error);
  process.exit(1);
});
