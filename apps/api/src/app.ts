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
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from './app-context.js';
import type { Config } from './config.js';
import { registerErrorHandling, replyWithError } from './lib/error-handler.js';
import { registerAnswerHeaders } from './lib/answer-headers.js';
import { registerApiDocs } from './lib/api-docs.js';
import { answerSerializerCompiler } from './lib/answer-serializer.js';
import { serializeRequest } from './lib/log-redaction.js';
import { AppError } from './lib/app-error.js';
import { ANTI_FORGERY_HEADER } from './lib/anti-forgery.js';
import { contentSecurityPolicy } from './lib/security-headers.js';
import { registerRoutes } from './routes.js';
import { registerRateLimiting } from './lib/rate-limits.js';
import { createAuth } from './modules/auth/auth.module.js';
import { createOverdueSweep } from './modules/customers/overdue-invoices.js';
import { createOutboxDispatcher } from './modules/outbox/outbox.module.js';
import { replyWithQuranError } from './modules/quran/quran.routes.js';
import { registerWebApp } from './modules/web/web-app.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The client's address comes from X-Forwarded-For only through the configured number of proxies, read from
 * the right (each proxy appends the address it saw): entries further left are whatever the client sent.
 * Fastify's own numeric setting trusts no hop at all (it cannot check who the nearest peer is), so the count
 * is given as a function; with 0 the connection's own address is used and the header changes nothing.
 */
function trustedHops(hops: number): FastifyServerOptions['trustProxy'] {
  return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
}

/** The methods and request headers a page of an allowed origin may use (the preflight's answer). */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', ANTI_FORGERY_HEADER];

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // The keys of e-mailed links and the SMS codes in addresses are logged as [REDACTED] (log-redaction.ts).
    serializers: { req: serializeRequest },
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
    trustProxy: trustedHops(deps.config.trustProxyHops),
    // Requests that still arrive while the server closes are refused by the hook below, in the envelope and
    // with Retry-After, rather than by Fastify's bare 503.
    return503OnClosing: false,
    // What the router refuses before any route runs (a malformed or over-long address) answers in the envelope
    // too: under /api/quran in that service's own, like its other errors, and the application's elsewhere.
    frameworkErrors: (error, request, reply) => {
      const answer = request.url.startsWith('/api/quran/') ? replyWithQuranError : replyWithError;
      void answer(request, reply as FastifyReply, error);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checked: !deps.config.isProduction }));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Graceful shutdown: requests already running finish, and their connections are closed after
  // the answer instead of being kept alive, so close() does not wait for idle keep-alive sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError(503, 'The server is restarting. Please try again shortly.');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // helmet's security headers, its middleware built once: the Fastify plugin builds it again for every request,
  // parsing the policy each time, which cost a fifth of a signed-in list call's server time (decision 16).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: contentSecurityPolicy({
        upgradeInsecureRequests: deps.config.isProduction,
        audioOrigin: new URL(deps.config.audioBaseUrl).origin,
      }),
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  const { corsOrigins } = deps.config;
  await app.register(cors, {
    // Closed by default: only origins listed in CORS_ORIGINS may call the API from a browser. Any other
    // origin gets no CORS header at all (a list here would still send it the credentials and methods).
    origin: (origin, allow) =>
      allow(null, origin !== undefined && corsOrigins.includes(origin) ? origin : false),
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: ['File-Name', 'Content-Disposition', 'Content-Length', 'Retry-After'],
  });
  await app.register(compress, { threshold: 1024 });
  registerAnswerHeaders(app);

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
  const overdueSweep = createOverdueSweep(deps.database, { log: app.log, publicUrl: deps.config.publicUrl });
  app.addHook('onReady', async () => overdueSweep.start());
  app.addHook('onClose', () => overdueSweep.stop());
  const deliverQueued = () => outbox.wake();
  const auth = createAuth({ database: deps.database, config: deps.config, deliverQueued });

  registerErrorHandling(app);
  if (deps.config.apiDocs) await registerApiDocs(app);
  await app.register(registerRoutes, { prefix: '/api', context: { ...deps, auth, deliverQueued } });
  await registerWebApp(app, { webDistDir: deps.config.webDistDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
