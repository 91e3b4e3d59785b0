/**
 * Builds the Fastify application: plugins, error handling, the routes of routes.ts and, when
 * the web app is built, the single-page app itself. Starting and stopping live in server.ts,
 * so tests build the same app and drive it with app.inject().
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_AUDIO_BASE_URL, type Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerErrorHandling, replyWithError } from './lib/error-handler.js';
import { registerApiDocs } from './lib/api-docs.js';
import { contentSecurityPolicy } from './lib/security-headers.js';
import { registerRoutes } from './routes.js';
import { registerRateLimiting } from './lib/rate-limits.js';
import { createAccounts } from './modules/accounts/accounts.module.js';
import { createOutboxDispatcher } from './modules/outbox/outbox-dispatcher.js';
import { replyWithQuranError } from './modules/quran/quran.routes.js';
import { registerWebApp } from './modules/web/web-app.js';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
}

export async function buildApp(
  deps: AppDependencies,
  options: { logger?: FastifyServerOptions['logger'] } = {},
) {
  const app = Fastify({
    logger: options.logger ?? false,
    // A proxy's request id is kept so one request can be followed across services; otherwise a new one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.isProduction,
    return503OnClosing: true,
    // What the router refuses before any route runs (a malformed or over-long address) answers in the envelope
    // too: under /api/quran in that service's own, like its other errors, and the application's elsewhere.
    frameworkErrors: (error, request, reply) => {
      const answer = request.url.startsWith('/api/quran/') ? replyWithQuranError : replyWithError;
      void answer(request, reply as FastifyReply, error);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Graceful shutdown: requests already running finish, and their connections are closed after
  // the answer instead of being kept alive, so close() does not wait for idle keep-alive sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // helmet's security headers, its middleware built once: the Fastify plugin builds it again for every request,
  // parsing the policy each time, which cost a fifth of a signed-in list call's server time (decision 16).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: contentSecurityPolicy({ upgradeInsecureRequests: deps.config.isProduction }),
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(cors, {
    // Closed by default: only origins listed in CORS_ORIGINS may call the API from a browser.
    origin: deps.config.corsOrigins.length > 0 ? deps.config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['File-Name', 'Content-Disposition', 'Content-Length'],
  });
  await app.register(compress, { threshold: 1024 });

  await app.register(cookie);
  await registerRateLimiting(app, deps.config.redisUrl);
  app.decorateRequest('caller', null);

  // E-mails and SMS queued by requests are sent in the background, also when nobody is calling.
  const outbox = createOutboxDispatcher({
    db: deps.database.db,
    config: deps.config,
    log: app.log,
    embedded: deps.database.kind === 'embedded',
  });
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());
  const accounts = createAccounts({
    db: deps.database.db,
    genericPlanDb: deps.database.genericPlanDb,
    config: deps.config,
    deliverQueued: () => outbox.wake(),
  });

  registerErrorHandling(app);
  await registerApiDocs(app);
  await app.register(registerRoutes, { prefix: '/api', deps, accounts });
  await registerWebApp(app, {
    webDistDir: deps.config.webDistDir,
    apiAnswersAsBuilt:
      deps.config.contentSource === 'bundled' && deps.config.audioBaseUrl === DEFAULT_AUDIO_BASE_URL,
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
