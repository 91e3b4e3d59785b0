/**
 * Connections set to one organisation, the second of the two walls between businesses (decision 17). The first is
 * in the repositories: every business query names its organisation. The second is PostgreSQL's row-level
 * security: the API works as a role that is not the tables' owner, and the policies of drizzle/0012 give it only
 * the rows of the organisation its connection is set to (app.organisation_id), none when it is set to none. So a
 * query that forgot its organisation still sees nothing of another's.
 */
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql, type SQL } from './orm.js';

/** The API's database role (created by drizzle/0012): every connection of the API switches to it when it opens. */
export const API_ROLE = 'coran_hadith_api';
export const ACT_AS_API_ROLE = `SET ROLE ${API_ROLE}`;

/** '' is no organisation: the policies then match no row. */
export const NO_ORGANISATION = '';

const SET_ORGANISATION = "SELECT set_config('app.organisation_id', $1, $2)";

/** The organisation each pooled connection is set to now: it keeps it between checkouts, until set again. */
const organisationOfConnection = new WeakMap<pg.ClientBase, string>();

async function setOrganisation(client: pg.PoolClient, organisation: string): Promise<void> {
  if ((organisationOfConnection.get(client) ?? NO_ORGANISATION) === organisation) return;
  // For the session, outside any transaction (a checked-out connection has none open): nothing undoes it.
  await client.query(SET_ORGANISATION, [organisation, false]);
  organisationOfConnection.set(client, organisation);
}

/**
 * A pg pool whose connections are handed out set to one organisation (or to none). Setting costs a statement
 * only when the connection was last set to another, so a busy organisation's calls pay nothing for it. drizzle
 * takes it for a pool (by its name): a transaction checks out one connection through connect(), and every
 * other query goes through query().
 */
export class OrganisationPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly organisation: string,
  ) {}

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    try {
      await setOrganisation(client, this.organisation);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      const result = await client.query(config, values);
      client.release();
      return result;
    } catch (error) {
      // As pg's own pool.query does: a connection that failed a query is not handed out again.
      client.release(error as Error);
      throw error;
    }
  }
}

/**
 * The embedded database's one connection, set to an organisation for each query or transaction and only for it
 * (set_config's is_local): PGlite runs one transaction at a time, so a setting never leaks to another caller.
 */
export class OrganisationPglite {
  constructor(
    private readonly client: PGlite,
    private readonly organisation: string,
  ) {}

  query(...args: Parameters<PGlite['query']>) {
    return this.transaction((tx) => tx.query(...args));
  }

  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    return this.client.transaction(async (tx) => {
      await tx.query(SET_ORGANISATION, [this.organisation, true]);
      return callback(tx);
    });
  }
}

/**
 * Sets an open transaction's connection to an organisation until the transaction ends: for the few writes that
 * create an organisation and fill it at once (the demo data), which no organisation's connections can make, since
 * the organisation did not exist when the transaction began.
 */
export async function actForOrganisationInTransaction(
  tx: { execute(query: SQL): Promise<unknown> },
  organisationId: number,
): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.organisation_id', ${String(organisationId)}, true)`);
}
