/** The sessions a user sees on the profile: the live ones, read from `sessions` (kept by sessions.ts). */
import type { Queryable } from '../../db/database.js';
import { and, asc, desc, eq } from '../../db/orm.js';
import { sessions } from '../../db/schema.js';
import { sessionLives } from './sessions.js';

export type LiveSession = {
  id: string;
  device: string;
  ipAddress: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
};

/** A user's sessions that are neither ended nor past their end, most recently used first (id as tie-break). */
export function liveSessionsOf(db: Queryable, userId: number): Promise<LiveSession[]> {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sessionLives))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt), asc(sessions.id));
}
