/**
 * SQL for Mes Fichiers. Every query names the owner: a file id alone never reaches a row, so another
 * user's file cannot be read, counted or removed, and cannot be told apart from one that does not exist.
 * Lists are newest first with the id as tie-break (the user_files_owner_idx order).
 */
import type { FileUsage, UserFile } from '@app/contracts';
import { FILE_MAX_COUNT, FILE_QUOTA_BYTES } from '@app/contracts';
import type { Queryable, Transaction } from '../../db/database.js';
import { and, count, desc, eq, sql } from '../../db/orm.js';
import { userFiles, users } from '../../db/schema.js';

export type UserFileRow = typeof userFiles.$inferSelect;
export type NewUserFile = Omit<typeof userFiles.$inferInsert, 'id' | 'createdAt'>;

export function toApiFile(row: UserFileRow): UserFile {
  return {
    id: row.id,
    name: row.name,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

const ownedBy = (userId: number, id: number) => and(eq(userFiles.userId, userId), eq(userFiles.id, id));

export async function listOwnFiles(db: Queryable, userId: number): Promise<UserFileRow[]> {
  return db
    .select()
    .from(userFiles)
    .where(eq(userFiles.userId, userId))
    .orderBy(desc(userFiles.createdAt), desc(userFiles.id))
    .limit(FILE_MAX_COUNT);
}

export async function usageOf(db: Queryable, userId: number): Promise<FileUsage> {
  const [row] = await db
    .select({
      // sum() of a bigint is a numeric, which the drivers hand over as text.
      usedBytes: sql<number>`coalesce(sum(${userFiles.sizeBytes}), 0)::text`.mapWith(Number),
      fileCount: count(),
    })
    .from(userFiles)
    .where(eq(userFiles.userId, userId));
  return {
    usedBytes: row?.usedBytes ?? 0,
    quotaBytes: FILE_QUOTA_BYTES,
    fileCount: row?.fileCount ?? 0,
    maxFiles: FILE_MAX_COUNT,
  };
}

/**
 * Locks the owner's row until the transaction ends. Uploads of one user then check their quota one after
 * the other, each seeing the files the previous one added: two uploads that each fit cannot both be kept
 * when together they do not. Returns false when the user no longer exists.
 */
export async function lockOwner(tx: Transaction, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length === 1;
}

export async function insertFile(tx: Transaction, file: NewUserFile): Promise<UserFileRow> {
  const [row] = await tx.insert(userFiles).values(file).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findOwnFile(
  db: Queryable,
  userId: number,
  id: number,
): Promise<UserFileRow | undefined> {
  const [row] = await db.select().from(userFiles).where(ownedBy(userId, id));
  return row;
}

export async function deleteOwnFile(
  db: Queryable,
  userId: number,
  id: number,
): Promise<UserFileRow | undefined> {
  const [row] = await db.delete(userFiles).where(ownedBy(userId, id)).returning();
  return row;
}
