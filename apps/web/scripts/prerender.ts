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

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const entry = (await import(
  pathToFileURL(path.join(web, 'dist-server/entry-server.js')).href
)) as typeof ServerEntry;

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/** Vite's manifest of the browser build, read once and removed: it is not a file the site serves. */
function readManifest(): Record<string, ManifestChunk> {
  const dir = path.join(dist, '.vite');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  return manifest as Record<string, ManifestChunk>;
}

/**
 * The CSS files of the given modules and of the modules they import (imports first, as the app loads them),
 * as addresses: /static/….css.
 */
function stylesOfModules(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    for (const next of chunk.imports ?? []) visit(next);
    files.push(...(chunk.css ?? []).map((file) => `/${file}`));
  };
  modules.forEach(visit);
  return files;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/static\/[^"]+\.css)"[^>]*>\s*/g;

/**
 * The page's styles travel inside it: the text is drawn as soon as the HTML arrives, with no second round
 * trip for a stylesheet and no unstyled flash while the page's own chunk loads. Only what the page needs:
 * the entry's styles (index.html's links, Mantine's base first) and those of the page's module. Other
 * pages' styles come with their code, as in the app.
 *
 * When the app then loads the page's module, its loader adds a stylesheet link for each of the module's CSS
 * files unless the page already links it, and a second copy would make the browser restyle the whole page.
 * So each inlined file is also named by a disabled link: never fetched nor applied, only seen.
 */
function withInlineStyles(html: string, pageStyles: string[]): string {
  const entryStyles = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  if (entryStyles.length === 0) throw new Error('index.html links no stylesheet');
  const files = [...new Set([...entryStyles, ...pageStyles])];
  const css = files.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const seen = files.map((file) => `<link rel="stylesheet" href="${file}" disabled>`).join('');
  const preloads = fontPreloads(pageStyles.filter((file) => !entryStyles.includes(file)));
  const style = `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  return html.replace(STYLESHEET_LINK, '').replace('</head>', `${preloads}${style}${seen}</head>`);
}

/**
 * A font that the page's own styles declare is the page's text's (the Quran's, whose encoding only that
 * font draws): it is fetched from the start, in parallel with the HTML, rather than once the text has been
 * laid out, so the text is first drawn in it and does not move when it arrives.
 */
function fontPreloads(pageStyles: string[]): string {
  const fonts = pageStyles.flatMap((file) =>
    [
      ...fs
        .readFileSync(path.join(dist, file), 'utf8')
        .matchAll(/url\((\/static\/[^)]+\.(?:otf|ttf|woff2?))\)/g),
    ].map((match) => match[1]),
  );
  return [...new Set(fonts)]
    .map((font) => `<link rel="preload" href="${font}" as="font" crossorigin>`)
    .join('');
}

/**
 * The app's code starts after the page's first paint (public/start-after-paint.js): the entry script and
 * the modulepreload links of index.html become attributes of that small loader.
 */
function startAfterPaint(html: string): string {
  const entryTag = /<script type="module" crossorigin src="(\/static\/[^"]+\.js)"><\/script>\s*/;
  const preloadTags = /<link rel="modulepreload" crossorigin href="(\/static\/[^"]+\.js)">\s*/g;
  const entry = entryTag.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(preloadTags)].map((match) => match[1]);
  const loader = `<script defer src="/start-after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(preloadTags, '').replace(entryTag, `${loader}\n    `);
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

const manifest = readManifest();
/** Read by the server: see apps/api/src/modules/web/web-app.ts. */
const API_ANSWERS_FILE = 'with-api-answers.json';

const template = startAfterPaint(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
const api = await startApi();
const nodeFetch = globalThis.fetch;
// The pages' queries fetch the site's relative addresses: content files from this build, the rest from the API.
globalThis.fetch = (input, init) => {
  const url = new URL(String(input), api.baseUrl);
  if (url.pathname.startsWith('/assets/')) {
    const file = path.join(dist, url.pathname);
    return Promise.resolve(
      new Response(fs.readFileSync(file), { headers: { 'content-type': 'application/json' } }),
    );
  }
  return nodeFetch(url, init);
};

/** The pages drawn with the API's answers (not only the build's content files). */
const withApiAnswers: string[] = [];
try {
  for (const address of entry.PRERENDERED_ADDRESSES) {
    const { html, data } = await entry.renderPage(address);
    if (data.queries.some((query) => query.queryKey[0] !== 'content')) withApiAnswers.push(address);
    const styled = withInlineStyles(template, stylesOfModules(manifest, entry.pageModules(address)));
    const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? 'Coran et Hadith';
    // `<` is escaped so no text of the data can close the element.
    const json = JSON.stringify(data).replaceAll('<', '\\u003c');
    const page = styled
      .replace(/<title>.*<\/title>/, `<title>${heading} · Coran et Hadith</title>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${html}</div><script type="application/json" id="prerendered-data">${json}</script>`,
      );
    const target = path.join(dist, 'pages', `${address.slice(1)}.html`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, page);
    console.log(`prerendered ${address} (${Math.round(page.length / 1024)} KiB)`);
  }
  // The server sends these pages only when its settings are the ones they were drawn with (web-app.ts).
  fs.writeFileSync(path.join(dist, 'pages', API_ANSWERS_FILE), `${JSON.stringify(withApiAnswers)}\n`);
} finally {
  globalThis.fetch = nodeFetch;
  await api.stop();
}
