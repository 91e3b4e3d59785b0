/**
 * Serves the built single-page app: files from apps/web/dist, and index.html for any other
 * page address so the browser's router can draw it. Files whose names carry a content hash
 * never change and are cached for a year; everything else is revalidated.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../../lib/envelope.js';

const HASHED_FILE = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|ttf|svg|png|jpe?g|webp)$/;

export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: 'index.html',
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) && HASHED_FILE.test(filePath);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && wantsPage && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const urlPath = request.url.split('?')[0];
    return reply.status(404).send(errorBody(404, `No resource at ${request.method} ${urlPath}`));
  });
}
