/**
 * After `vite build` (the browser app in dist/) and the server-side build of src/entry-server.tsx
 * (dist-server/), writes each prerendered page (src/entry-server.tsx's list) as dist/pages/<address>.html:
 * the page's HTML with the answers it was drawn with embedded as JSON. The server sends these for those
 * addresses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServerProcess } from '../../../scripts/server-process';
import type * as ServerEntry from '../src/entry-server';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../src/lib/session/token-store';
import { isIslandPage, withReadingPreferences } from '../src/prerendered-pages';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const entry = (await import(
  pathToFileURL(path.join(web, 'dist-server/entry-server.js')).href
)) as typeof ServerEntry;

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

/** Vite's manifest of a build, read once and removed: it is not a file the site serves. */
function readManifest(buildDir: string): Manifest {
  const dir = path.join(buildDir, '.vite');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  return manifest as Manifest;
}

/**
 * The CSS files of the given modules and of the modules they import (imports first, as the app loads them),
 * as addresses: /static/….css. The entry's own are left out: they are index.html's, in every page.
 */
function stylesOfModules(manifest: Manifest, modules: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (chunk.isEntry) return;
    for (const next of chunk.imports ?? []) visit(next);
    files.push(...(chunk.css ?? []).map((file) => `/${file}`));
  };
  modules.forEach(visit);
  return files;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/static\/[^"]+\.css)"[^>]*>\s*/g;

/** A page's own styles: their files (/static/….css) in the build that has them. */
type PageStyles = { buildDir: string; files: string[] };

/**
 * The page's styles travel inside it: the text is drawn as soon as the HTML arrives, with no second round
 * trip for a stylesheet and no unstyled flash while the page's own chunk loads. Only what the page needs:
 * the entry's styles (index.html's links, Mantine's base first) and the page's own. Other pages' styles
 * come with their code, as in the app.
 *
 * When the app takes a page over and loads the page's module, its loader adds a stylesheet link for each
 * of the module's CSS files unless the page already links it, and a second copy would make the browser
 * restyle the whole page. So on such a page each inlined file is also named by a disabled link: never
 * fetched nor applied, only seen.
 */
function withInlineStyles(html: string, page: PageStyles, takenOver: boolean): string {
  const entryStyles = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  if (entryStyles.length === 0) throw new Error('index.html links no stylesheet');
  const pageFiles = page.files.filter((file) => !entryStyles.includes(file));
  if (page.buildDir !== dist) pageFiles.forEach((file) => copyAssetsOf(path.join(page.buildDir, file)));
  const css = [
    ...entryStyles.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')),
    ...pageFiles.map((file) => fs.readFileSync(path.join(page.buildDir, file), 'utf8')),
  ].join('\n');
  const seen = takenOver
    ? [...entryStyles, ...pageFiles].map((file) => `<link rel="stylesheet" href="${file}" disabled>`).join('')
    : '';
  const preloads = fontPreloads(pageFiles.map((file) => path.join(page.buildDir, file)));
  const style = `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  return html.replace(STYLESHEET_LINK, '').replace('</head>', `${preloads}${style}${seen}</head>`);
}

/**
 * The files a style of the server build names (the Quran's font): the site serves the browser build's
 * files, so they are copied there, under the same hashed names.
 */
function copyAssetsOf(styleFile: string): void {
  const css = fs.readFileSync(styleFile, 'utf8');
  for (const [, asset = ''] of css.matchAll(/url\((\/static\/[^)]+)\)/g)) {
    const target = path.join(dist, asset);
    if (!fs.existsSync(target)) fs.copyFileSync(path.join(serverDist, asset), target);
  }
}

/**
 * A font that the page's own styles declare is the page's text's (the Quran's, whose encoding only that
 * font draws): it is fetched from the start, in parallel with the HTML, rather than once the text has been
 * laid out, so the text is first drawn in it and does not move when it arrives.
 */
function fontPreloads(styleFiles: string[]): string {
  const fonts = styleFiles.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/url\((\/static\/[^)]+\.(?:otf|ttf|woff2?))\)/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  return [...new Set(fonts)]
    .map((font) => {
      return `<link rel="preload" href="${font}" as="font" crossorigin>`;
    })
    .join('');
}

/** index.html's entry script and the preloads of what it imports, as the build writes them. */
const ENTRY_TAG = /<script type="module" crossorigin src="(\/static\/[^"]+\.js)"><\/script>\s*/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="(\/static\/[^"]+\.js)">\s*/g;

/**
 * A page's code starts after its first paint (public/start-after-paint.js): in place of index.html's entry
 * script and preloads, that small loader's tag names the page's entry and the files it preloads then, so on a
 * slow phone the code never competes with the text.
 */
function startAfterPaint(html: string, entry: string, preloads: string[], attributes = ''): string {
  const loader = `<script defer src="/start-after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"${attributes}></script>`;
  return html.replace(PRELOAD_TAG, '').replace(ENTRY_TAG, `${loader}\n    `);
}

/**
 * The page the app takes over (the sign-in screen) starts index.html's entry when the visitor first uses it,
 * or at once for a browser that holds a session (decision 22): the app is far more than a first load should
 * carry, and a visitor reads the page before using its form.
 */
function appTemplate(html: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const sessionKeys = JSON.stringify([ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY]).replaceAll('"', '&quot;');
  return startAfterPaint(
    html,
    entry,
    [...html.matchAll(PRELOAD_TAG)].map((match) => match[1] ?? ''),
    ` data-start="on-use" data-session-keys="${sessionKeys}"`,
  );
}

/** The source files a built script holds, from the source map the build writes beside it. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(fs.readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources;
}

/** The islands' script in the build, as its manifest names it (vite.config.ts's second entry). */
const ISLANDS_ENTRY = 'src/islands/start-islands.ts';

/**
 * A page drawn with islands (decision 22) never runs the app: it starts the islands' script after its first
 * paint, with preloads for the islands the page has and for what they import, fetched in parallel with it
 * rather than one after the other.
 */
function islandsTemplate(html: string, pageHtml: string): string {
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`${ISLANDS_ENTRY} is not in the build's manifest`);
  const names = new Set([...pageHtml.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]));
  const inEntry = sourcesOf(entry.file);
  const islands = [...names]
    .map((name) => `src/islands/${name}.ts`)
    .filter((key) => {
      if (manifest[key]) return true;
      if (inEntry.some((source) => source.endsWith(key))) return false;
      throw new Error(`the page has a ${key} island that the build does not have`);
    });
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  [...(entry.imports ?? []), ...islands].forEach(visit);
  return withReadingPreferences(
    startAfterPaint(
      html,
      `/${entry.file}`,
      [...files].map((file) => `/${file}`),
    ),
  );
}

/**
 * The answers the pages are drawn with come from the real API, started for the build from its own build
 * (apps/api/dist, built before this app) with the default settings and an empty temporary database.
 */
function startApi() {
  return startServerProcess({
    args: [path.join(web, '../api/dist/main.js')],
    cwd: web,
    env: { NODE_ENV: 'development', WEB_DIST_DIR: 'none', SEED_DEMO: '0', LOG_LEVEL: 'warn' },
  });
}

const manifest = readManifest(dist);
const serverDist = path.join(web, 'dist-server');
const serverManifest = readManifest(serverDist);

/** A page drawn with islands has its styles from the server build, where its module is (entry-server.tsx). */
function pageStyles(address: string, islands: boolean): PageStyles {
  const modules = entry.pageModules(address);
  return islands
    ? { buildDir: serverDist, files: stylesOfModules(serverManifest, modules) }
    : { buildDir: dist, files: stylesOfModules(manifest, modules) };
}

/** Read by the server: see apps/api/src/modules/web/web-app.ts. */
const PAGES_LIST_FILE = 'pages.json';
/** Read by scripts/build-service-worker.ts: the files the learning pages may load, to keep for offline use. */
const OFFLINE_FILES = 'offline-files.json';
/** Islands that run the app itself (its signed-in bar, its notifications): not part of the offline site. */
const APP_ISLANDS = new Set(['src/islands/signed-in-bar.tsx', 'src/islands/notice-display.tsx']);

/** Every file the islands' script loads or may load later (its islands, their lazy parts), as addresses. */
function islandFiles(): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || APP_ISLANDS.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  visit(ISLANDS_ENTRY);
  return [...files];
}

const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const appPageTemplate = appTemplate(indexHtml);
const api = await startApi();
// The pages' queries fetch the site's relative addresses: content files from this build, the rest from the API.
entry.answerPublicJsonWith((address) => {
  const url = new URL(address, api.baseUrl);
  if (!url.pathname.startsWith('/assets/')) return fetch(url);
  const file = path.join(dist, url.pathname);
  return Promise.resolve(
    new Response(fs.readFileSync(file), { headers: { 'content-type': 'application/json' } }),
  );
});

/** Writes a file under dist/pages/, creating its folder. */
function writePage(file: string, text: string): void {
  const target = path.join(dist, 'pages', file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
}

/** The pages drawn with islands, which apply their address's query themselves. */
const withIslands: string[] = [];
try {
  for (const address of entry.PRERENDERED_ADDRESSES) {
    const page = await entry.renderPage(address);
    const islands = isIslandPage(address);
    if (islands) withIslands.push(address);
    const template = islands ? islandsTemplate(indexHtml, page.html) : appPageTemplate;
    const styled = withInlineStyles(template, pageStyles(address, islands), !islands);
    const document = entry.pageDocument(styled, page, !islands);
    writePage(`${address.slice(1)}.html`, document);
    console.log(`prerendered ${address} (${Math.round(document.length / 1024)} KiB)`);
  }
  // The templates of the pages the server draws on request (apps/api/src/modules/web/pages-on-request.ts),
  // their islands and styles found by drawing their first address here.
  for (const address of entry.ON_REQUEST_TEMPLATES) {
    const page = await entry.renderPage(address);
    const template = withInlineStyles(
      islandsTemplate(indexHtml, page.html),
      pageStyles(address, true),
      false,
    );
    writePage(`on-request${address}.html`, template);
    console.log(`template of ${address} drawn on request (${Math.round(template.length / 1024)} KiB)`);
  }
  fs.writeFileSync(path.join(dist, 'pages', PAGES_LIST_FILE), `${JSON.stringify({ withIslands })}\n`);
  fs.writeFileSync(path.join(dist, 'pages', OFFLINE_FILES), `${JSON.stringify(islandFiles(), null, 2)}\n`);
} finally {
  await api.stop();
}
