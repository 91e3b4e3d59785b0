/**
 * Serves the built web app: files from apps/web/dist, the pages drawn on request (pages-on-request.ts), and
 * index.html for any other page address so the browser's router can draw it. The build's own files (under
 * /static/, named by a hash of their content) never change and are cached for a year; everything else is
 * revalidated.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../../lib/envelope.js';
import { loadPagesOnRequest } from './pages-on-request.js';

/** What the build says of its pages (pages/pages.json, written by apps/web/scripts/prerender.ts). */
type PagesList = {
  /** Drawn with islands (decision 22): the page reads its address's query itself. */
  withIslands: string[];
};

type PrerenderedPages = { files: Map<string, string>; withIslands: Set<string> };

/**
 * Pages the build rendered to HTML ahead of time (dist/pages/<address>.html), by address: they show their
 * text before any script runs. The templates of the pages drawn on request (pages/on-request/) are not pages.
 */
function findPrerenderedPages(webDistDir: string): PrerenderedPages {
  const pagesDir = path.join(webDistDir, 'pages');
  if (!fs.existsSync(pagesDir)) return { files: new Map(), withIslands: new Set() };
  const listFile = path.join(pagesDir, 'pages.json');
  const list: PagesList = fs.existsSync(listFile)
    ? (JSON.parse(fs.readFileSync(listFile, 'utf8')) as PagesList)
    : { withIslands: [] };
  const pages = fs
    .readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html') && !f.startsWith(`on-request${path.sep}`))
    .map(
      (file) => [`/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`, `pages/${file}`] as const,
    );
  return { files: new Map(pages), withIslands: new Set(list.withIslands) };
}

export type WebAppOptions = {
  /** The built app (apps/web/dist), or undefined to serve the API alone. */
  webDistDir: string | undefined;
};

export async function registerWebApp(app: FastifyInstance, { webDistDir }: WebAppOptions): Promise<void> {
  const hasWebApp = webDistDir !== undefined && fs.existsSync(path.join(webDistDir, 'index.html'));
  const prerendered = hasWebApp
    ? findPrerenderedPages(webDistDir)
    : { files: new Map<string, string>(), withIslands: new Set<string>() };

  if (hasWebApp) {
    const hashedFiles = path.join(webDistDir, 'static') + path.sep;
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: 'index.html',
      // The build wrote a Brotli and a gzip copy of each text file: the one the browser accepts is sent as
      // it is, with nothing compressed while the page loads.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(hashedFiles);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  const onRequest = hasWebApp ? await loadPagesOnRequest(app, webDistDir) : undefined;
  // The home page is the Quran reader (SPEC §2.2), which the server draws: no app to load first.
  if (hasWebApp) app.get('/', (_request, reply) => reply.redirect('/coran'));

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && wantsPage && !/^\/(api|assets|static)\//.test(request.url)) {
      if (await onRequest?.send(request, reply)) return reply;
      // A page the app takes over (the sign-in screen) is prerendered in its default state: an address with
      // a query is drawn in the browser, so the HTML always matches what the app renders. A page drawn with
      // islands applies its query itself.
      const [address = '', query] = request.url.replace(/\/(?=\?|$)/, '').split('?');
      const page =
        query === undefined || prerendered.withIslands.has(address)
          ? prerendered.files.get(address)
          : undefined;
      return reply.header('Cache-Control', 'no-cache').sendFile(page ?? 'index.html');
    }
    const urlPath = request.url.split('?')[0];
    return reply.status(404).send(errorBody(404, `No resource at ${request.method} ${urlPath}`));
  });
}
