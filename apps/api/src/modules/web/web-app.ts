/**
 * Serves the built single-page app: files from apps/web/dist, and index.html for any other
 * page address so the browser's router can draw it. The build's own files (under /static/, named by a
 * hash of their content) never change and are cached for a year; everything else is revalidated.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../../lib/envelope.js';

export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasWebApp = webDistDir !== undefined && fs.existsSync(path.join(webDistDir, 'index.html'));

  if (hasWebApp) {
    const hashedFiles = path.join(webDistDir, 'static') + path.sep;
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: 'index.html',
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(hashedFiles);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && wantsPage && !/^\/(api|assets|static)\//.test(request.url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const urlPath = request.url.split('?')[0];
    return reply.status(404).send(errorBody(404, `No resource at ${request.method} ${urlPath}`));
  });
}
