/**
 * Builds the service worker (src/service-worker/service-worker.ts) into dist/sw.js, after the pages are drawn
 * (scripts/prerender.ts), with the list of what it keeps at install, each with a revision (a hash of its
 * content) so that a new build replaces what changed and nothing else:
 * - the pages drawn at build time, and the hadith and search pages (their templates' hash as revision: the
 *   server draws them from those);
 * - the files those pages load (their scripts, fonts and small files) and the islands' lazy parts.
 * The chapters are not in it: the worker fetches them after install (CACHE_CHAPTERS).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { PAGES_DRAWN_AT_BUILD } from '../src/prerendered-pages';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const hashOf = (file: string) =>
  createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);

/** The pages kept at install, with the file that says what each is. */
const PAGES: { url: string; file: string }[] = [
  ...PAGES_DRAWN_AT_BUILD.map((page) => ({ url: page, file: `pages${page}.html` })),
  { url: '/hadith', file: 'pages/on-request/hadith.html' },
  { url: '/recherche', file: 'pages/on-request/recherche.html' },
];

/** The site's own addresses a page names: its scripts, preloads, fonts and icons. */
function filesOfPage(html: string): string[] {
  const named = [
    ...html.matchAll(/\b(?:src|href|data-entry)="(\/[^"]+)"/g),
    ...html.matchAll(/url\((\/static\/[^)]+)\)/g),
  ].map((match) => match[1] ?? '');
  const preloads = [...html.matchAll(/data-preload="([^"]*)"/g)].flatMap((match) =>
    (match[1] ?? '').split(' '),
  );
  // Pages are links, not files to keep: only files (with an extension) are; and of a font, its WOFF2 alone
  // (every browser with service workers reads it; the WOFF beside it is for older ones).
  return [...named, ...preloads].filter(
    (address) => /^\/[^?#]+\.\w+$/.test(address) && !address.endsWith('.woff'),
  );
}

const pageEntries = PAGES.map(({ url, file }) => ({ url, revision: hashOf(path.join(dist, file)) }));
const files = new Set<string>([
  '/manifest.webmanifest',
  ...(JSON.parse(fs.readFileSync(path.join(dist, 'pages/offline-files.json'), 'utf8')) as string[]),
  ...PAGES.flatMap(({ file }) => filesOfPage(fs.readFileSync(path.join(dist, file), 'utf8'))),
]);
const fileEntries = [...files].sort().map((url) => {
  const file = path.join(dist, url);
  if (!fs.existsSync(file)) throw new Error(`a page names ${url}, which the build does not have`);
  // The build's own files are named by their content's hash: their name is their revision.
  return url.startsWith('/static/') ? { url, revision: null } : { url, revision: hashOf(file) };
});

const workDir = path.join(web, 'node_modules/.service-worker');
await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  // Workbox logs what it does in development builds only.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: workDir,
    emptyOutDir: true,
    minify: true,
    lib: {
      entry: path.join(web, 'src/service-worker/service-worker.ts'),
      formats: ['iife'],
      name: 'serviceWorker',
      fileName: () => 'sw.js',
    },
  },
});
const source = fs.readFileSync(path.join(workDir, 'sw.js'), 'utf8');
const injectionPoint = 'self.__WB_MANIFEST';
if (!source.includes(injectionPoint)) throw new Error(`the built service worker has no ${injectionPoint}`);
const entries = [...pageEntries, ...fileEntries];
fs.writeFileSync(path.join(dist, 'sw.js'), source.replace(injectionPoint, JSON.stringify(entries)));
const bytes = entries.reduce(
  (sum, { url }) =>
    sum +
    (url.startsWith('/') && !PAGES.some((p) => p.url === url) ? fs.statSync(path.join(dist, url)).size : 0),
  0,
);
console.log(
  `service worker: ${pageEntries.length} pages and ${fileEntries.length} files kept at install (files ${Math.round(bytes / 1024)} KiB)`,
);
