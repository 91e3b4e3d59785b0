/**
 * Opens the database: embedded PGlite under DATA_DIR when no DATABASE_URL is set, otherwise a
 * PostgreSQL server through node-postgres. Both speak the same SQL and share one schema,
 * so the rest of the code sees a single `Database` type.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { migrateEmbedded, migrateServer } from './migrate.js';
import {
  ACT_AS_API_ROLE,
  NO_ORGANISATION,
  OrganisationPglite,
  OrganisationPool,
} from './organisation-connections.js';
import { RecentMap } from '../lib/recent-map.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repository functions accept both. */
export type Queryable = Database | Transaction;

/** One organisation's business data: connections set to it (organisation-connections.ts). */
export type OrganisationDatabase = {
  db: Database;
  /** The same, for prepared statements written so that one plan suits all their parameters (the customer list's). */
  genericPlanDb: Database;
};

/**
 * Every connection works as the API's role, under row-level security (organisation-connections.ts). `db` and
 * `genericPlanDb` are set to no organisation: they see accounts, the outbox and content, and no business row.
 */
export type DatabaseHandle = {
  db: Database;
  /**
   * The same database, for prepared statements written so that one plan suits all their parameters (the guard's).
   * On a server its connections plan each such statement once (connectGenericPlanPool); embedded, it is `db`
   * itself. Its connections may still be set to the organisation of the business call that used them last:
   * only for statements that read no business table.
   */
  genericPlanDb: Database;
  /** The business data of one organisation; kept for the organisations used most recently. */
  organisation(id: number): OrganisationDatabase;
  kind: 'embedded' | 'server';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const pgliteExtensions = { btree_gin, pg_trgm, unaccent };

/** Organisations whose database objects a process keeps (each is a few small objects). */
const ORGANISATIONS_KEPT = 1000;

function organisationDatabases(open: (organisation: string) => OrganisationDatabase) {
  const kept = new RecentMap<number, OrganisationDatabase>(ORGANISATIONS_KEPT);
  return (id: number) => kept.getOrCreate(id, () => open(String(id)));
}

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
  await client.exec(ACT_AS_API_ROLE);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    genericPlanDb: db,
    organisation: organisationDatabases((organisation) => {
      const scoped = drizzlePglite({
        client: new OrganisationPglite(client, organisation) as unknown as PGlite,
        schema,
      }) as unknown as Database;
      return { db: scoped, genericPlanDb: scoped };
    }),
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
  const inOrganisation = (from: pg.Pool, organisation: string) =>
    drizzlePg({
      client: new OrganisationPool(from, organisation) as unknown as pg.Pool,
      schema,
    }) as unknown as Database;
  return {
    db: inOrganisation(pool, NO_ORGANISATION),
    genericPlanDb: drizzlePg(genericPlanPool, { schema }) as unknown as Database,
    organisation: organisationDatabases((organisation) => ({
      db: inOrganisation(pool, organisation),
      genericPlanDb: inOrganisation(genericPlanPool, organisation),
    })),
    kind: 'server',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: async () => {
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
  };
}

/** A pool of connections that work as the API's role, each also prepared by `onConnect` when it opens. */
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
    onConnect: async (client) => {
      await client.query(ACT_AS_API_ROLE);
      await onConnect?.(client);
    },
  });
  // A connection that loses its server outside a statement emits an error: an idle one on the pool, one checked
  // out (a transaction between two statements) on its client. Without a listener Node would crash the process;
  // with one, the connection's next statement fails, and the call answers 503 like any outage.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
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
