/**
 * Opens the database: embedded PGlite under DATA_DIR when no DATABASE_URL is set, otherwise a
 * PostgreSQL server through node-postgres. Both speak the same SQL and share one schema,
 * so the rest of the code sees a single `Database` type.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { migrateEmbedded, migrateServer } from './migrate.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repository functions accept both. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'embedded' | 'server';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const pgliteExtensions = { pg_trgm, unaccent };

/** Embedded PostgreSQL (PGlite). `dataDir` undefined keeps it in memory; `loadDataDir` starts from a dump. */
export async function openEmbedded(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  await migrateEmbedded(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

export async function openServer(url: string, options: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  await migrateServer(url);
  return connectServer(url, options);
}

/** A pool on a PostgreSQL server, without migrating (openServer migrates first). */
export function connectServer(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    // A statement that hangs (a lock, a dead server) fails instead of holding the request forever.
    query_timeout: 15_000,
  });
  // An idle client that loses its server emits an error on the pool; without a listener Node would crash.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'server',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

export function embeddedDataPath(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
