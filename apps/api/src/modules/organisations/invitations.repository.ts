/**
 * SQL for invitations: a link's key is random, stored hashed, valid for INVITATION_VALID_DAYS and usable once.
 * Every function takes the database or an open transaction first.
 */
import { INVITATION_VALID_DAYS, type PendingInvitation, type RoleName } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, desc, eq, gt, isNull, sql } from '../../db/orm.js';
import { invitations, organisations, roles, users } from '../../db/schema.js';
import { hashSecret, newLinkKey } from '../auth/auth.module.js';

const pending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
const sameAddress = (email: string) => sql`lower(${invitations.email}) = lower(${email})`;

/**
 * Invites `email` into the organisation with a role and returns the link's key in clear (only its hash is kept).
 * A pending invitation of the same address is replaced: its link stops working.
 */
export async function insertInvitation(
  db: Queryable,
  values: { organisationId: number; email: string; roleName: RoleName; invitedBy: number },
): Promise<string> {
  await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.organisationId, values.organisationId), sameAddress(values.email), pending));
  const key = newLinkKey();
  await db.insert(invitations).values({
    organisationId: values.organisationId,
    email: values.email,
    roleId: sql`(SELECT id FROM roles WHERE name = ${values.roleName})`,
    invitedBy: values.invitedBy,
    keyHash: hashSecret(key),
    expiresAt: sql`now() + make_interval(days => ${INVITATION_VALID_DAYS})`,
  });
  return key;
}

const inviterName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** An organisation's invitations not yet accepted, revoked or expired, newest first. */
export async function pendingInvitationsOf(
  db: Queryable,
  organisationId: number,
): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      roleName: sql<RoleName>`${roles.name}`,
      invitedBy: inviterName,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(eq(invitations.organisationId, organisationId), pending, gt(invitations.expiresAt, sql`now()`)),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** Revokes a pending invitation of the organisation; false when it has none with that id. */
export async function revokeInvitation(db: Queryable, organisationId: number, id: number): Promise<boolean> {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.id, id), eq(invitations.organisationId, organisationId), pending))
    .returning({ id: invitations.id });
  return revoked.length > 0;
}

export type InvitationRecord = {
  id: number;
  organisationId: number;
  organisationName: string;
  email: string;
  roleName: RoleName;
  invitedBy: string;
  expiresAt: Date;
};

const invitationColumns = {
  id: invitations.id,
  organisationId: invitations.organisationId,
  organisationName: organisations.name,
  email: invitations.email,
  roleName: sql<RoleName>`${roles.name}`,
  invitedBy: inviterName,
  expiresAt: invitations.expiresAt,
};

const usable = and(pending, gt(invitations.expiresAt, sql`now()`));

/** The invitation of a link's key while it can still be accepted; undefined otherwise. */
export async function usableInvitation(db: Queryable, key: string): Promise<InvitationRecord | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.keyHash, hashSecret(key)), usable));
  return row;
}

/**
 * Marks the invitation of a key accepted if it still can be, in one statement, so two requests racing with the
 * same link cannot both join. Returns whether this call took it.
 */
export async function acceptInvitation(db: Queryable, id: number): Promise<boolean> {
  const accepted = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.id, id), usable))
    .returning({ id: invitations.id });
  return accepted.length > 0;
}
