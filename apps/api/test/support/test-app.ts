/** The real application on a fresh test database, driven with app.inject(). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { createTestDatabase } from './test-database.js';

export type TestApp = { app: App; database: DatabaseHandle; config: Config; close(): Promise<void> };

/** Test settings: a fixed signing key, and a data folder of its own so nothing is written into the checkout. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: 'none',
    JWT_SECRET: 'test-signing-key-of-at-least-32-characters',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-')),
    // Tests start from an empty database unless they ask for the demo data.
    SEED_DEMO: '0',
    ...env,
  });
}

export async function createTestApp(
  options: { env?: Record<string, string>; database?: DatabaseHandle; beforeReady?: (app: App) => void } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const app = await buildApp({ config, database });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
