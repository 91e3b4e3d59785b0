/**
 * SQL for a team: an organisation's name and members, and which organisation a member works in (decision 17). Every
 * function takes the database or an open transaction first and names the organisation or the user it is about
 * (these tables are not under row-level security).
 */
import type { Member, RoleName } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, asc, eq, sql } from '../../db/orm.js';
import { memberships, organisations, roles, users } from '../../db/schema.js';

export async function renameOrganisation(db: Queryable, id: number, name: string): Promise<void> {
  await db.update(organisations).set({ name }).where(eq(organisations.id, id));
}

/** An organisation's members, by name. */
export async function membersOf(db: Queryable, organisationId: number): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      imageUrl: users.imageUrl,
      roleName: sql<RoleName>`${roles.name}`,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.organisationId, organisationId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

/** The user now works in `organisationId`; false (nothing changed) when they are not one of its members. */
export async function setCurrentOrganisation(
  db: Queryable,
  userId: number,
  organisationId: number,
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ currentOrganisationId: organisationId })
    .where(
      and(
        eq(users.id, userId),
        sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.userId} = ${userId}
              AND ${memberships.organisationId} = ${organisationId})`,
      ),
    )
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Removes a membership; the caller first moves the user's current organisation elsewhere if it was this one. */
export async function deleteMembership(db: Queryable, organisationId: number, userId: number): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}
