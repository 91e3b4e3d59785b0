/**
 * Starts the product: opens (and migrates) the database, builds the app, listens, and stops
 * cleanly on SIGTERM/SIGINT: no new connections, in-flight requests finish, then the database closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, loggerOptions, type App } from './app.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { openDatabase } from './db/open-database.js';
import { seedDemoData } from './demo/seed-demo.js';

export type RunningServer = {
  app: App;
  database: DatabaseHandle;
  url: string;
  stop(): Promise<void>;
};

export async function startServer(config: Config): Promise<RunningServer> {
  const { database, release } = await openDatabase(config);
  const app = await buildApp({ config, database }, { logger: loggerOptions(config) });
  if (config.seedDemo) await seedDemoData(database.db, app.log);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await app.close();
      await database.close();
      release();
    })();
    return stopping;
  };
  try {
    const url = await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { database: database.kind, dataDir: database.kind === 'embedded' ? config.dataDir : undefined },
      `serving on ${url}`,
    );
    return { app, database, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Stops on the first SIGTERM or SIGINT; a second one while stopping exits at once. */
export function stopOnSignals(server: RunningServer, log: FastifyBaseLogger): void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) process.exit(1);
    received = true;
    log.info(`${signal} received: finishing in-flight requests`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
