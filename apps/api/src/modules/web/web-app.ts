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

/**
 * Pages the build rendered to HTML ahead of time (dist/pages/<address>.html), by address. They show their
 * text before any script runs; every other address gets index.html and is drawn in the browser.
 */
function findPrerenderedPages(webDistDir: string): Map<string, string> {
  const pagesDir = path.join(webDistDir, 'pages');
  if (!fs.existsSync(pagesDir)) return new Map();
  const files = fs
    .readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'));
  return new Map(
    files.map((file) => [`/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`, `pages/${file}`]),
  );
}

export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasWebApp = webDistDir !== undefined && fs.existsSync(path.join(webDistDir, 'index.html'));
  const prerendered = hasWebApp ? findPrerenderedPages(webDistDir) : new Map<string, string>();

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
      // A prerendered page shows its default state; an address with a query (a chosen category) is drawn
      // in the browser, so the HTML always matches what the app renders.
      const page = request.url.includes('?') ? undefined : prerendered.get(request.url.replace(/\/$/, ''));
      return reply.header('Cache-Control', 'no-cache').sendFile(page ?? 'index.html');
    }
    const urlPath = request.url.split('?')[0];
    return reply.status(404).send(errorBody(404, `No resource at ${request.method} ${urlPath}`));
  });
}
