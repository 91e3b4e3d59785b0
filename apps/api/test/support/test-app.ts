/** The real application on a fresh test database, driven with app.inject(). */
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { createTestDatabase } from './test-database.js';

export type TestApp = { app: App; database: DatabaseHandle; config: Config; close(): Promise<void> };

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: 'none', ...env });
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
