import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../app-context.js';
import { HealthAnswerSchema } from '@app/contracts';
import { errorAnswers } from '../../lib/answer-schemas.js';
import { errorBody } from '../../lib/envelope.js';

/**
 * GET /api/health: 200 with status "ok" when the database answers, 503 otherwise.
 * Load balancers and the start scripts poll it; it keeps the envelope's fields, with the
 * lowercase `status: "ok"` that health checks expect.
 */
export const healthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the service and its database answering?',
        response: { 200: HealthAnswerSchema, ...errorAnswers() },
      },
    },
    async (request, reply) => {
      try {
        await context.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database not answering');
        return reply.status(503).send(errorBody(503, 'The database is not answering.'));
      }
      return {
        timeStamp: new Date().toISOString(),
        statusCode: 200 as const,
        status: 'ok' as const,
        message: 'The service and its database are answering',
      };
    },
  );
};
