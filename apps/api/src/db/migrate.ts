/**
 * Applies the SQL migrations of ../../drizzle. On a server, they run under a PostgreSQL advisory lock
 * on one dedicated connection, so instances that start together apply each migration exactly once:
 * the second waits for the lock, then finds nothing left to do.
 */
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** Same relative place from src/db and dist/db. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** An arbitrary constant that identifies "this application's migrations" among advisory locks. */
const MIGRATION_LOCK_KEY = 727_001;

export async function migrateEmbedded(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder });
}

export async function migrateServer(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
