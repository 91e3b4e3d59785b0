/**
 * Copies of what the public content services answered (Quran now, hadith later), kept in the
 * content_cache table so that a text fetched once is served from our database afterwards,
 * including when the service is down.
 */
import type { Queryable } from '../../db/database.js';
import { eq, sql } from '../../db/orm.js';
import { contentCache } from '../../db/schema.js';

export type CachedContent = { body: unknown; fetchedAt: Date };

export async function findCachedContent(db: Queryable, key: string): Promise<CachedContent | undefined> {
  const [row] = await db
    .select({ body: contentCache.body, fetchedAt: contentCache.fetchedAt })
    .from(contentCache)
    .where(eq(contentCache.key, key))
    .limit(1);
  return row;
}

/** Stores (or replaces) the copy under `key`; two processes fetching the same text at once both succeed. */
export async function saveCachedContent(db: Queryable, key: string, body: unknown): Promise<void> {
  await db
    .insert(contentCache)
    .values({ key, body })
    .onConflictDoUpdate({ target: contentCache.key, set: { body, fetchedAt: sql`now()` } });
}
