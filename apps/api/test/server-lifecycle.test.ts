/**
 * Starting and stopping the real server on an embedded data folder: the data survives a restart,
 * a second process cannot open the same folder, and in-flight requests finish during a shutdown.
 *
 * @module-tag slow
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { sql } from '../src/db/orm.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { startServer } from '../src/server.js';
import { createTestApp, testConfig } from './support/test-app.js';
import { createTestDatabase, testDriver } from './support/test-database.js';

const dirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// The embedded folder is the same whichever test database the project uses; run these once.
describe.skipIf(testDriver !== 'pglite')('embedded server lifecycle', () => {
  /** The status of a login with the demo owner's documented e-mail and password. */
  const demoLogin = async (url: string) =>
    (
      await fetch(`${url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'sysadmin@example.com', password: 'demo-account-password' }),
      })
    ).status;

  it('seeds the demo accounts on the first start of an embedded database', async () => {
    const config = testConfig({ DATA_DIR: tempDataDir(), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '1' });
    const server = await startServer(config);
    try {
      expect(await demoLogin(server.url)).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('seeds no demo account when told not to (SEED_DEMO=0), as with a server database or in production', async () => {
    const config = testConfig({ DATA_DIR: tempDataDir(), PORT: '0', HOST: '127.0.0.1', SEED_DEMO: '0' });
    const server = await startServer(config);
    try {
      expect(await demoLogin(server.url)).toBe(401);
      const users = (await server.database.db.execute(sql`SELECT count(*) AS n FROM users`)) as unknown as {
        rows: { n: number | string }[];
      };
      expect(Number(users.rows[0]?.n)).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('creates the database on first start and finds the same data on the next', async () => {
    const dataDir = tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });

    const first = await startServer(config);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const organisationId = await insertOrganisation(first.database.db, 'Persisted business');
    await first.database.organisation(organisationId).db
      .execute(sql`INSERT INTO customers (name, email, type, status, address, phone, image_url)
      VALUES ('Persisted', 'p@example.com', 'INDIVIDUAL', 'ACTIVE', 'a', 'p', 'i')`);
    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = await startServer(config);
    const result = (await second.database
      .organisation(organisationId)
      .db.execute(sql`SELECT name FROM customers`)) as unknown as {
      rows: { name: string }[];
    };
    expect(result.rows.map((r) => r.name)).toEqual(['Persisted']);
    await second.stop();
  });

  it('refuses a second server on a data folder that is in use', async () => {
    const dataDir = tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const owner = await startServer(config);
    try {
      await expect(startServer(config)).rejects.toThrow(DataDirLockedError);
      await expect(startServer(config)).rejects.toThrow(/already in use by another running server/);
    } finally {
      await owner.stop();
    }
  });

  it('lets an in-flight request finish when the server closes', async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolveStarted) => {
      release = resolveStarted;
    });
    const t = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/test/slow', async () => {
          release();
          await new Promise((r) => setTimeout(r, 300));
          return { done: true };
        });
      },
    });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = fetch(`${url}/api/test/slow`);
    await started;
    const closing = t.close();
    const res = await response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
  });
});

describe.skipIf(testDriver !== 'postgres')('server on PostgreSQL', () => {
  it('starts with DATABASE_URL, answers its health check and stops', async () => {
    const database = await createTestDatabase();
    try {
      const server = await startServer(
        testConfig({
          DATABASE_URL: database.url ?? '',
          DATA_DIR: tempDataDir(),
          PORT: '0',
          HOST: '127.0.0.1',
        }),
      );
      expect(server.database.kind).toBe('server');
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(200);
      await server.stop();
    } finally {
      await database.close();
    }
  });
});
