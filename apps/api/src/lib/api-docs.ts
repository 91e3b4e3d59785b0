/** The OpenAPI document, generated from the zod schemas of the routes, and its UI at /api/docs. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** How a call is listed in the OpenAPI document: its group (tag) and what it does. */
export const publicCall = (tag: string, summary: string) => ({ tags: [tag], summary });

/** A call that needs the bearer token, listed with the bearer scheme. */
export const signedInCall = (tag: string, summary: string) => ({
  ...publicCall(tag, summary),
  security: [{ bearerAuth: [] }],
});

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Coran-Hadith API',
        description: 'Application API (accounts, customers, invoices) and the Quran and hadith services.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the UI is served with hashes for its own scripts, so the site-wide CSP stays strict.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
