/**
 * The learning pages this server draws when they are asked for (decision 22): the Quran reader, for each
 * chapter, and the hadith page, for any category and any hadith, which no build could draw ahead of time (their
 * texts and recitations follow this server's settings, and upstream mode has thousands of hadith). The web
 * app's server build (apps/web/dist-server/entry-server.js) draws each with this server's own answers, asked
 * of itself without a network round trip, into the page's template (dist/pages/on-request/, written by the
 * build with the page's styles and islands).
 *
 * A drawn page is kept, compressed, for a while: the texts change only with a release or an upstream update,
 * and the next reader of the same address gets it at once. The number kept is bounded, so that made-up
 * addresses cannot fill the memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the server build of the web app gives (apps/web/src/entry-server.tsx). */
type PageRenderer = {
  onRequestPage(address: string): { template: string; drawn: string } | undefined;
  renderPage(address: string): Promise<DrawnPage>;
  pageDocument(template: string, page: DrawnPage, withData: boolean): string;
  answerPublicJsonWith(fetcher: (url: string) => Promise<Response>): void;
};
type DrawnPage = { html: string; title: string };

/** A drawn page as it is sent: plain, and compressed for the browsers that accept it. */
type KeptPage = { identity: Buffer; br: Buffer; gzip: Buffer };

/** How many drawn pages are kept, and for how long. */
export const KEPT_PAGES = 300;
export const KEPT_FOR_MS = 10 * 60_000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PagesOnRequest = {
  /** Sends the page of the request's address if it is one drawn on request; false if it is not. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
};

/**
 * The pages drawn on request of the built web app in `webDistDir`, or undefined when the build has none (an
 * API served alone, or a build without its server part).
 */
export async function loadPagesOnRequest(
  app: FastifyInstance,
  webDistDir: string,
): Promise<PagesOnRequest | undefined> {
  const rendererFile = path.join(webDistDir, '..', 'dist-server', 'entry-server.js');
  const templatesDir = path.join(webDistDir, 'pages', 'on-request');
  if (!fs.existsSync(rendererFile) || !fs.existsSync(templatesDir)) return undefined;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as PageRenderer;
  // The page's queries ask this server itself, in-process.
  renderer.answerPublicJsonWith(async (url) => {
    const answer = await app.inject({ method: 'GET', url });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });
  const templates = new Map<string, string>();
  const templateOf = (address: string) => {
    let template = templates.get(address);
    if (template === undefined) {
      template = fs.readFileSync(path.join(templatesDir, `${address}.html`), 'utf8');
      templates.set(address, template);
    }
    return template;
  };

  const kept = new Map<string, Promise<KeptPage>>();
  const draw = async (address: string, template: string): Promise<KeptPage> => {
    const page = await renderer.renderPage(address);
    const identity = Buffer.from(renderer.pageDocument(templateOf(template), page, false));
    const [br, gz] = await Promise.all([brotli(identity), gzip(identity)]);
    return { identity, br, gzip: gz };
  };
  const pageAt = (address: string, template: string): Promise<KeptPage> => {
    const known = kept.get(address);
    if (known) return known;
    const drawing = draw(address, template);
    kept.set(address, drawing);
    drawing.then(
      () => setTimeout(() => kept.get(address) === drawing && kept.delete(address), KEPT_FOR_MS).unref(),
      () => kept.delete(address),
    );
    // The oldest page leaves first.
    if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value ?? '');
    return drawing;
  };

  return {
    async send(request, reply) {
      const onRequest = renderer.onRequestPage(request.url);
      if (!onRequest) return false;
      const page = await pageAt(onRequest.drawn, onRequest.template);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const [encoding, body] = /\bbr\b/.test(accepted)
        ? (['br', page.br] as const)
        : /\bgzip\b/.test(accepted)
          ? (['gzip', page.gzip] as const)
          : ([undefined, page.identity] as const);
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      await reply.send(body);
      return true;
    },
  };
}
