/** SQL for users and their single role. Every function takes the database or an open transaction first. */
import type { Role, RoleName, User } from '@app/contracts';
import type { Database, Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { and, asc, count, eq, ne, sql, type SQL } from '../../db/orm.js';
import { roles, userRoles, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

export type UserRecord = typeof users.$inferSelect & { roleName: RoleName; permissions: string };

export const EMAIL_IN_USE = 'Email already in use. Please use a different email and try again.';

const withRole = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  passwordHash: users.passwordHash,
  address: users.address,
  phone: users.phone,
  title: users.title,
  bio: users.bio,
  imageUrl: users.imageUrl,
  enabled: users.enabled,
  notLocked: users.notLocked,
  usingMfa: users.usingMfa,
  confirmedAt: users.confirmedAt,
  createdAt: users.createdAt,
  roleName: sql<RoleName>`${roles.name}`,
  permissions: roles.permission,
};

function selectUsers(db: Queryable) {
  return db
    .select(withRole)
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId));
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row;
}

/**
 * The guard's query, run on every signed-in call: the user with their role, if `condition` (written with the
 * placeholders `userId` and `sessionId`) holds. Prepared once: PostgreSQL parses and plans a named statement
 * once per connection, and the SQL text is built once, instead of on every call.
 */
export function prepareUserQuery(db: Database, name: string, condition: SQL) {
  return selectUsers(db)
    .where(and(eq(users.id, sql.placeholder('userId')), condition))
    .prepare(name);
}

/** E-mails are unique regardless of case (a unique index on lower(email)). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db).where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function insertUser(
  db: Queryable,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    roleName: RoleName;
    /** Set for accounts created by an administrator's command, which need no e-mail confirmation. */
    confirmed?: boolean;
  },
): Promise<UserRecord> {
  const { roleName, confirmed = false, ...fields } = values;
  let id: number;
  try {
    const [row] = await db
      .insert(users)
      .values({ ...fields, enabled: confirmed, confirmedAt: confirmed ? new Date() : null })
      .returning({ id: users.id });
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw AppError.badRequest(EMAIL_IN_USE);
    throw error;
  }
  await db
    .insert(userRoles)
    .values({ userId: id, roleId: sql`(SELECT id FROM roles WHERE name = ${roleName})` });
  return mustFindUser(db, id);
}

export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'address'
    | 'title'
    | 'bio'
    | 'imageUrl'
    | 'enabled'
    | 'notLocked'
    | 'usingMfa'
    | 'passwordHash'
    | 'confirmedAt'
  >
>;

export async function updateUser(db: Queryable, id: number, changes: UserChanges): Promise<UserRecord> {
  try {
    await db.update(users).set(changes).where(eq(users.id, id));
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw AppError.badRequest(EMAIL_IN_USE);
    throw error;
  }
  return mustFindUser(db, id);
}

async function mustFindUser(db: Queryable, id: number): Promise<UserRecord> {
  const user = await findUserById(db, id);
  if (!user) throw AppError.notFound(`No user with ID ${id}`);
  return user;
}

export async function setUserRole(db: Queryable, userId: number, roleName: RoleName): Promise<void> {
  await db
    .update(userRoles)
    .set({ roleId: sql`(SELECT id FROM roles WHERE name = ${roleName})` })
    .where(eq(userRoles.userId, userId));
}

/**
 * How many other enabled, unlocked system administrators there are. The caller locks the role rows first
 * (lockRoleAssignments) so two administrators demoting each other at once cannot leave none.
 */
export async function countOtherActiveSysadmins(db: Queryable, exceptUserId: number): Promise<number> {
  const [row] = await selectUsersCount(db).where(
    and(
      eq(roles.name, 'ROLE_SYSADMIN'),
      eq(users.enabled, true),
      eq(users.notLocked, true),
      ne(users.id, exceptUserId),
    ),
  );
  return row?.value ?? 0;
}

function selectUsersCount(db: Queryable) {
  return db
    .select({ value: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId));
}

/** Serialises changes to who administers the system, for the rest of the transaction. */
export async function lockRoleAssignments(db: Queryable): Promise<void> {
  await db.execute(sql`LOCK TABLE user_roles IN SHARE ROW EXCLUSIVE MODE`);
}

export async function listRoles(db: Queryable): Promise<Role[]> {
  const rows = await db.select().from(roles).orderBy(asc(roles.id));
  return rows.map((r) => ({ id: r.id, name: r.name as RoleName, permission: r.permission }));
}

/** The user as the API sends it: never the password hash. */
export function toApiUser(user: UserRecord): User {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    address: user.address,
    phone: user.phone,
    title: user.title,
    bio: user.bio,
    imageUrl: user.imageUrl,
    enabled: user.enabled,
    notLocked: user.notLocked,
    usingMfa: user.usingMfa,
    createdAt: user.createdAt.toISOString(),
    roleName: user.roleName,
    permissions: user.permissions,
  };
}
