/**
 * SQL for the organisations of an account (decision 17): creating one, and which a person belongs to, with their role
 * in each. Every function takes the database or an open transaction first. These tables are not under row-level
 * security: who belongs where is read across organisations (a user's list of them), so every function here names
 * the organisation or the user it is about.
 */
import type { OrganisationSummary, RoleName } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, asc, eq, sql } from '../../db/orm.js';
import { memberships, organisations, roles } from '../../db/schema.js';

/** A new organisation (its totals row comes with it, by trigger); returns its id. */
export async function insertOrganisation(db: Queryable, name: string): Promise<number> {
  const [row] = await db.insert(organisations).values({ name }).returning({ id: organisations.id });
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row.id;
}

/** The organisation's name; undefined when there is none with that id. */
export async function organisationName(db: Queryable, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row?.name;
}

/** The organisations of a user's memberships, each with the user's role there, by name. */
function summariesOf(db: Queryable, userId: number, organisationId?: number) {
  return db
    .select({ id: organisations.id, name: organisations.name, roleName: sql<RoleName>`${roles.name}` })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.userId, userId),
        organisationId === undefined ? undefined : eq(memberships.organisationId, organisationId),
      ),
    )
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** The organisations a user belongs to, by name, with their role in each. */
export function organisationsOf(db: Queryable, userId: number): Promise<OrganisationSummary[]> {
  return summariesOf(db, userId);
}

/** One organisation of a user's, with their role there; undefined when they are not a member. */
export async function organisationOf(
  db: Queryable,
  userId: number,
  organisationId: number,
): Promise<OrganisationSummary | undefined> {
  const [row] = await summariesOf(db, userId, organisationId);
  return row;
}

/** Whether the user belongs to any organisation besides `organisationId`. */
export async function belongsElsewhere(
  db: Queryable,
  userId: number,
  organisationId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), sql`${memberships.organisationId} <> ${organisationId}`))
    .limit(1);
  return row !== undefined;
}
