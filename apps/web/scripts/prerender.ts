/**
 * After `vite build` (the browser app in dist/) and the server-side build of src/entry-server.tsx
 * (dist-server/), writes each learning page as dist/pages/<address>.html: the page's HTML with its
 * content file embedded as JSON. The server sends these for those addresses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as ServerEntry from '../src/entry-server';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');
const entry = (await import(
  pathToFileURL(path.join(web, 'dist-server/entry-server.js')).href
)) as typeof ServerEntry;

/**
 * The page's styles travel inside it: the text is drawn as soon as the HTML arrives, with no second round
 * trip for a stylesheet and no unstyled flash while the page's own chunks (and their CSS) load. All of the
 * app's CSS is small (about 12 KB compressed), so every prerendered page carries all of it, main file first.
 */
function inlineStyles(html: string): string {
  const staticDir = path.join(dist, 'static');
  const links = /<link rel="stylesheet"[^>]*href="\/static\/[^"]+\.css"[^>]*>\s*/g;
  const files = fs.readdirSync(staticDir).filter((f) => f.endsWith('.css'));
  // Mantine's base styles (in the entry's index-*.css) come first, as in the app.
  files.sort(
    (a, b) => Number(!a.startsWith('index-')) - Number(!b.startsWith('index-')) || a.localeCompare(b),
  );
  const css = files.map((f) => fs.readFileSync(path.join(staticDir, f), 'utf8')).join('\n');
  if (!links.test(html)) throw new Error('index.html links no stylesheet');
  return html
    .replace(links, '')
    .replace('</head>', `<style>${css.replaceAll('</style', '<\\/style')}</style></head>`);
}

const template = inlineStyles(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
const contentFiles: Record<string, string> = entry.CONTENT_FILES;

for (const address of entry.PRERENDERED_PAGES) {
  const file = contentFiles[address.split('/').pop() ?? ''];
  const content = file
    ? { [file]: JSON.parse(fs.readFileSync(path.join(dist, 'assets', file), 'utf8')) }
    : {};
  const html = await entry.renderPage(address, content);
  const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? 'Coran et Hadith';
  // `<` is escaped so no text of the data can close the element.
  const data = JSON.stringify(content).replaceAll('<', '\\u003c');
  const page = template
    .replace(/<title>.*<\/title>/, `<title>${heading} · Coran et Hadith</title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div><script type="application/json" id="prerendered-content">${data}</script>`,
    );
  const target = path.join(dist, 'pages', `${address.slice(1)}.html`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, page);
  console.log(`prerendered ${address} (${Math.round(page.length / 1024)} KiB)`);
}
