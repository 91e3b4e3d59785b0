/**
 * Statements as the tables' owner, for tests that check or change what the API's role cannot: every organisation's
 * rows at once (row-level security gives the API's connections one organisation's), or DDL such as a test trigger.
 * Inside a transaction, SET LOCAL ROLE NONE returns to the connection's own user (who switched to the API's role
 * when the connection opened) for that transaction only.
 */
import type { Transaction } from '../../src/db/database.js';
import { sql, type SQL } from '../../src/db/orm.js';
import type { TestApp } from './test-app.js';

export function asTablesOwner<T>(
  t: Pick<TestApp, 'database'>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ROLE NONE`);
    return work(tx);
  });
}

/** The rows of a query run as the tables' owner (both drivers answer `{ rows }`; bigint ids may come back as text). */
export function ownerRows<T>(t: Pick<TestApp, 'database'>, query: SQL): Promise<T[]> {
  return asTablesOwner(t, async (tx) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);
}
