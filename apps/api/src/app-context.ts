/**
 * What the app is built from, and what every route plugin receives: routes.ts mounts each of them with the same
 * options, `{ context }`, and each takes from it what it needs. In its own file so that route plugins name it
 * without importing app.ts, which imports them.
 */
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Auth } from './modules/auth/auth.module.js';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
};

export type AppContext = AppDependencies & {
  /** The sign-in machinery and the guard of protected calls, built once per app (auth.module.ts). */
  auth: Auth;
  /** Asks the outbox to send what a request just queued, once its transaction is committed. */
  deliverQueued(): void;
};

/** The options of every route plugin. */
export type RouteOptions = { context: AppContext };
