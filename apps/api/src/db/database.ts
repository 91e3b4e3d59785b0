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
  /**
   * The same database, for prepared statements written so that one plan suits all their parameters (the customer
   * list's and the guard's). On a server its connections plan each such statement once (connectGenericPlanPool);
   * embedded, it is `db` itself.
   */
  genericPlanDb: Database;
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
    genericPlanDb: db,
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

/** The pools on a PostgreSQL server, without migrating (openServer migrates first). */
export function connectServer(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const size = options.poolSize ?? 10;
  const pool = connectPool(url, size);
  const genericPlanPool = connectGenericPlanPool(url, size);
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    genericPlanDb: drizzlePg(genericPlanPool, { schema }) as unknown as Database,
    kind: 'server',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: async () => {
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
  };
}

function connectPool(
  url: string,
  size: number,
  onConnect?: (client: pg.ClientBase) => Promise<void>,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: 5_000,
    // A statement that hangs (a lock, a dead server) fails instead of holding the request forever.
    query_timeout: 15_000,
    // Awaited before a new connection is first handed out; if it fails, so does that checkout.
    onConnect,
  });
  // An idle client that loses its server emits an error on the pool; without a listener Node would crash.
  pool.on('error', () => {});
  return pool;
}

/**
 * A pool whose connections use the first plan of each prepared statement for all its later runs
 * (plan_cache_mode = force_generic_plan). PostgreSQL would otherwise plan again on every run any statement
 * whose LIMIT or OFFSET is a parameter: not knowing them, it rates the plan kept for all runs as reading a tenth
 * of the table, dearer than one made for the values given. For the customer list's statements, planning cost
 * more than running (measured at 100 000 customers: 100 µs to plan a page, 84 µs to read it). The setting is
 * kept to this pool because it holds for every statement of a connection, unprepared ones included, and a
 * statement written for values known when planned could get a plan that is slow for some of them.
 */
function connectGenericPlanPool(url: string, size: number): pg.Pool {
  return connectPool(url, size, async (client) => {
    await client.query('SET plan_cache_mode = force_generic_plan');
  });
}

export function embeddedDataPath(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
