/**
 * Creates a confirmed account, typically the first administrator:
 *   npm run user:create -- --email admin@example.com --role ROLE_SYSADMIN [--first-name A --last-name B]
 * The password is asked at the terminal, or read from standard input. Uses the same database settings
 * as the server (DATABASE_URL, or the embedded database under DATA_DIR, which must not be in use).
 */
import { parseArgs } from 'node:util';
import { RegisterRequestSchema, RoleNameSchema } from '@app/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { insertUser } from '../modules/accounts/users.repository.js';
import { AppError } from '../lib/app-error.js';
import { readPassword } from './read-password.js';

const USAGE =
  'Usage: npm run user:create -- --email <e-mail> [--role ROLE_USER|ROLE_MANAGER|ROLE_ADMIN|ROLE_SYSADMIN] ' +
  '[--first-name <name>] [--last-name <name>]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'ROLE_USER' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'User' },
    },
  });
  const role = RoleNameSchema.safeParse(values.role);
  if (!values.email || !role.success) throw new Error(USAGE);
  const password = await readPassword('Password: ');
  const account = RegisterRequestSchema.safeParse({
    email: values.email,
    password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!account.success) throw new Error(account.error.issues.map((i) => i.message).join('; '));

  const { database, release } = await openDatabase(loadConfig());
  try {
    const user = await insertUser(database.db, {
      ...account.data,
      passwordHash: await hashPassword(account.data.password),
      roleName: role.data,
      confirmed: true,
    });
    console.log(`Created ${user.email} (id ${user.id}) with ${user.roleName}; it can log in now.`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError ? error.reason : error instanceof Error ? error.message : error);
  process.exit(1);
});
