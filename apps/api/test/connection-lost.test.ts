/**
 * A connection that loses its server between two statements of a transaction (PostgreSQL restarted, or the
 * session ended by an administrator) fails that transaction as an outage, answered 503; it never crashes the
 * process. Runs on the PostgreSQL server, where a session can be ended from outside.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/availability.js';
import { sql } from '../src/db/orm.js';
import { createTestDatabase, testDriver } from './support/test-database.js';

describe.skipIf(testDriver !== 'postgres')('a connection lost between two statements', () => {
  it('fails the transaction as an outage, and the process goes on', async () => {
    const database = await createTestDatabase();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const outcome = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as {
          rows: { pid: number }[];
        };
        const pid = rows[0]?.pid;
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        // The server has ended the session once it is gone from pg_stat_activity; the message telling so then
        // reaches this process while the connection is between statements, checked out by the transaction.
        while ((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`SELECT 1`);
      });
      const error = await outcome.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The pool goes on with a new connection.
      const after = (await database.db.execute(sql`SELECT 1 AS one`)) as { rows: unknown[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
