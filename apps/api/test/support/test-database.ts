/**
 * A fresh, migrated database for one test file: a clone of the run's template, on PGlite or on
 * the PostgreSQL server depending on the project (TEST_DB_DRIVER).
 */
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openEmbedded, openServer, type DatabaseHandle } from '../../src/db/database.js';
import { databaseUrl, uniqueDatabaseName } from './postgres-urls.js';
import './provided.js';

export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = DatabaseHandle & { url?: string };

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const file = inject('pgliteTemplate');
    if (!file) throw new Error('the PGlite template was not prepared');
    return openEmbedded({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('the PostgreSQL template was not prepared');
  const name = uniqueDatabaseName('test');
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.templateName}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(template.adminUrl, name);
  const handle = await openServer(url, { poolSize: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
