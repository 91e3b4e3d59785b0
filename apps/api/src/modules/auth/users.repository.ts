/**
 * SQL for users and their role in an organisation. A user's role is the one they hold in their current
 * organisation (users.current_organisation_id), unless a function names another organisation. Every function takes
 * the database or an open transaction first.
 */
import type { Role, RoleName, User } from '@app/contracts';
import type { Database, Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { and, asc, count, eq, ne, sql, type SQL } from '../../db/orm.js';
import { memberships, roles, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

/** A user with the role they hold in `organisationId` (their current organisation unless said otherwise). */
export type UserRecord = typeof users.$inferSelect & {
  roleName: RoleName;
  permissions: string;
  organisationId: number;
};

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
  currentOrganisationId: users.currentOrganisationId,
  createdAt: users.createdAt,
  roleName: sql<RoleName>`${roles.name}`,
  permissions: roles.permission,
  organisationId: memberships.organisationId,
};

/** Users with their role in `organisation`: their current organisation by default, where they always have one. */
function selectUsers(db: Queryable, organisation: SQL | number = sql`${users.currentOrganisationId}`) {
  return db
    .select(withRole)
    .from(users)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organisationId, organisation)),
    )
    .innerJoin(roles, eq(roles.id, memberships.roleId));
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row;
}

/** A member of an organisation with their role there; undefined when the user is not one of its members. */
export async function findMember(
  db: Queryable,
  organisationId: number,
  userId: number,
): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db, organisationId).where(eq(users.id, userId));
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

/** A new user, member of an existing organisation with a role, which becomes their current organisation. */
export async function insertUser(
  db: Queryable,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    organisationId: number;
    roleName: RoleName;
    /** Set for accounts whose address is already proven (an administrator's command, an invitation's link). */
    confirmed?: boolean;
  },
): Promise<UserRecord> {
  const { organisationId, roleName, confirmed = false, ...fields } = values;
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
  await addMembership(db, { organisationId, userId: id, roleName });
  await db.update(users).set({ currentOrganisationId: organisationId }).where(eq(users.id, id));
  return mustFindUser(db, id);
}

const roleIdOf = (roleName: RoleName) => sql`(SELECT id FROM roles WHERE name = ${roleName})`;

export async function addMembership(
  db: Queryable,
  values: { organisationId: number; userId: number; roleName: RoleName },
): Promise<void> {
  await db.insert(memberships).values({
    organisationId: values.organisationId,
    userId: values.userId,
    roleId: roleIdOf(values.roleName),
  });
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

export async function setUserRole(
  db: Queryable,
  organisationId: number,
  userId: number,
  roleName: RoleName,
): Promise<void> {
  await db
    .update(memberships)
    .set({ roleId: roleIdOf(roleName) })
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}

/**
 * How many other enabled, unlocked owners (system administrators) an organisation has. The caller locks the
 * organisation first (lockMemberships) so two owners demoting each other at once cannot leave none.
 */
export async function countOtherActiveOwners(
  db: Queryable,
  organisationId: number,
  exceptUserId: number,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        eq(roles.name, 'ROLE_SYSADMIN'),
        eq(users.enabled, true),
        eq(users.notLocked, true),
        ne(users.id, exceptUserId),
      ),
    );
  return row?.value ?? 0;
}

/** Serialises changes to an organisation's members and their roles, for the rest of the transaction. */
export async function lockMemberships(db: Queryable, organisationId: number): Promise<void> {
  await db.execute(sql`SELECT 1 FROM organisations WHERE id = ${organisationId} FOR UPDATE`);
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
