/** Migrations run at start; on a server, instances that start together apply each one exactly once. */
import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrateServer, migrationsFolder } from '../src/db/migrate.js';
import { databaseUrl, uniqueDatabaseName } from './support/postgres-urls.js';
import { createTestDatabase, testDriver } from './support/test-database.js';
import { sql } from '../src/db/orm.js';
import { ownerRows } from './support/tables-owner.js';

const migrationCount = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;

describe('migrations', () => {
  it('records every migration once', async () => {
    const database = await createTestDatabase();
    try {
      const [row] = await ownerRows<{ n: number }>(
        { database },
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(row?.n).toBe(migrationCount);
    } finally {
      await database.close();
    }
  });

  it.skipIf(testDriver !== 'postgres')(
    'applies them once when three instances start together on an empty database',
    async () => {
      const adminUrl = inject('postgresTemplate')?.adminUrl ?? '';
      const name = uniqueDatabaseName('migrate');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      try {
        const url = databaseUrl(adminUrl, name);
        await Promise.all([migrateServer(url), migrateServer(url), migrateServer(url)]);
        const check = new pg.Client({ connectionString: url });
        await check.connect();
        const applied = await check.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        const roles = await check.query('SELECT count(*)::int AS n FROM roles');
        await check.end();
        expect(applied.rows[0].n).toBe(migrationCount);
        expect(roles.rows[0].n).toBe(4);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
