/**
 * The built app's pages: a page drawn on request for its addresses, a prerendered page for its own address
 * (with any query for a page drawn with islands), index.html for any other, and the home page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The server build's drawing of pages on request, in miniature: a page says its address, and the module
 * counts its drawings (the test imports the same module file, so it reads the same count).
 */
const FAKE_RENDERER = `
export const drawn = [];
export function onRequestPage(address) {
  if (!/^\\/hadith(\\/|\\?|$)/.test(address)) return undefined;
  return { template: '/hadith', drawn: address.replace(/#.*/, '') };
}
export async function renderPage(address) {
  drawn.push(address);
  return { html: 'drawn ' + address, title: 'Hadith' };
}
export function pageDocument(template, page) {
  return template.replace('<div id="root"></div>', '<div id="root">' + page.html + '</div>');
}
export function answerPublicJsonWith() {}
`;

/** A built app in miniature: each file says which one it is. */
function fakeWebDist(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  const dir = path.join(root, 'dist');
  fs.mkdirSync(path.join(dir, 'pages', 'embed'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'pages', 'on-request'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'pages', 'on-request', 'hadith.html'), '<div id="root"></div>');
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), FAKE_RENDERER);
  fs.writeFileSync(path.join(dir, 'index.html'), 'index.html');
  fs.writeFileSync(path.join(dir, 'pages', 'login.html'), 'prerendered /login');
  fs.writeFileSync(path.join(dir, 'pages', 'embed', 'attributes.html'), 'prerendered /embed/attributes');
  fs.writeFileSync(path.join(dir, 'pages', 'sources.html'), 'prerendered /sources');
  fs.writeFileSync(path.join(dir, 'pages', 'invocations.html'), 'prerendered /invocations');
  fs.writeFileSync(
    path.join(dir, 'pages', 'pages.json'),
    JSON.stringify({ withIslands: ['/sources', '/invocations', '/embed/attributes'] }),
  );
  return dir;
}

const webDist = fakeWebDist();
const apps = new Map<string, TestApp>();

/** The page a server with these settings sends for the address (one server per settings). */
async function pageAt(env: Record<string, string>, address: string): Promise<string> {
  const key = JSON.stringify(env);
  let test = apps.get(key);
  if (!test) {
    test = await createTestApp({ env: { WEB_DIST_DIR: webDist, ...env } });
    apps.set(key, test);
  }
  const res = await test.app.inject({ method: 'GET', url: address });
  expect(res.statusCode).toBe(200);
  return res.body;
}

afterAll(async () => {
  await Promise.all([...apps.values()].map((test) => test.close()));
  fs.rmSync(path.dirname(webDist), { recursive: true, force: true });
});

describe('pages drawn on request', () => {
  it('are drawn by the server build for any address of theirs, once, and sent compressed as accepted', async () => {
    const renderer = (await import(
      pathToFileURL(path.join(webDist, '..', 'dist-server', 'entry-server.js')).href
    )) as { drawn: string[] };
    expect(await pageAt({}, '/hadith/12?categorie=3')).toBe(
      '<div id="root">drawn /hadith/12?categorie=3</div>',
    );
    expect(await pageAt({}, '/hadith/12?categorie=3')).toBe(
      '<div id="root">drawn /hadith/12?categorie=3</div>',
    );
    expect(renderer.drawn.filter((address) => address === '/hadith/12?categorie=3')).toHaveLength(1);

    const test = apps.get(JSON.stringify({}));
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await test?.app.inject({ url: '/hadith', headers: { 'accept-encoding': accepted } });
      expect(res?.headers['content-encoding'], accepted).toBe(encoding);
      expect(res?.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res?.headers['vary']).toMatch(/accept-encoding/i);
      const body = res?.rawPayload ?? Buffer.alloc(0);
      const text =
        encoding === 'br'
          ? zlib.brotliDecompressSync(body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(body)
            : body;
      expect(text.toString()).toBe('<div id="root">drawn /hadith</div>');
    }
  });

  it('leave every other address as it was', async () => {
    expect(await pageAt({}, '/sources')).toBe('prerendered /sources');
    expect(await pageAt({}, '/hadithes')).toBe('index.html');
  });
});

describe('prerendered pages', () => {
  it('are sent for their own address; a page the app takes over, only without a query', async () => {
    expect(await pageAt({}, '/login')).toBe('prerendered /login');
    expect(await pageAt({}, '/embed/attributes')).toBe('prerendered /embed/attributes');
    expect(await pageAt({}, '/login?redirect=1')).toBe('index.html');
    expect(await pageAt({}, '/login/more')).toBe('index.html');
  });

  it('drawn with islands are sent with any query, which they apply themselves', async () => {
    expect(await pageAt({}, '/invocations?categorie=Voyages')).toBe('prerendered /invocations');
    expect(await pageAt({}, '/invocations/?categorie=Voyages')).toBe('prerendered /invocations');
    expect(await pageAt({}, '/sources?x=1')).toBe('prerendered /sources');
  });

  it('do not include the templates of the pages drawn on request', async () => {
    expect(await pageAt({}, '/on-request/hadith')).toBe('index.html');
  });
});

describe('the home page', () => {
  it('is the Quran reader, which the server draws: no app to load first', async () => {
    await pageAt({}, '/sources');
    const res = await apps.get(JSON.stringify({}))?.app.inject({ url: '/' });
    expect(res?.statusCode).toBe(302);
    expect(res?.headers.location).toBe('/coran');
  });
});
