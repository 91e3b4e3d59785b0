import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { isIslandPage, withReadingPreferences } from './src/prerendered-pages';
import type * as ServerEntry from './src/entry-server';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

/**
 * 'schemas' for zod and for the contracts' modules that build schemas with it; the contracts' plain constants
 * (files.ts, phones.ts…) stay with the screens that use them, which then do not load the validation library.
 */
function schemaChunk(id: string): string | null {
  if (/node_modules[\\/]zod[\\/]/.test(id)) return 'schemas';
  const contract = /packages[\\/]contracts[\\/]src[\\/]/.test(id) && existsSync(id);
  return contract && readFileSync(id, 'utf8').includes("from './zod.js'") ? 'schemas' : null;
}

/**
 * 'page-basics' for the few small modules that both the app and the pages drawn with islands use on every
 * page (the session's tokens, a carried notification, the reading preferences, the menus' dialog): one file
 * to fetch instead of four, for a page whose whole script is a handful of files.
 */
const PAGE_BASICS =
  /src[\\/]lib[\\/](carried-notice|menu-dialog|reading-preferences|session[\\/]token-store)\.ts$/;

/** Vite's preload helper, which every script with a lazy import needs, goes with them. */
const PRELOAD_HELPER = /^\0?vite[\\/]preload-helper/;

function chunkOf(id: string): string | null {
  return PAGE_BASICS.test(id) || PRELOAD_HELPER.test(id) ? 'page-basics' : schemaChunk(id);
}

/** Where `npm run dev` runs the API (scripts/dev.mjs). */
const DEV_API = 'http://localhost:8080';

/**
 * `npm run dev`: the pages drawn with islands are not the app's, so the dev server draws them as the build
 * and the server do (entry-server.tsx), with the API's answers. Their styles, put inline by the build, come
 * here the development way: by loading the modules of the base styles, the shell and the page, whose code
 * does nothing here.
 */
function islandPagesInDev(): Plugin {
  return {
    name: 'island-pages-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const address = request.url ?? '/';
        if (request.method !== 'GET' || !isIslandPage(address)) return next();
        void (async () => {
          const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as typeof ServerEntry;
          const own = `http://localhost:${server.config.server.port}`;
          entry.answerPublicJsonWith((url) => fetch(new URL(url, url.startsWith('/api/') ? DEV_API : own)));
          const page = await entry.renderPage(address);
          const scripts = [
            'src/app/base-styles.ts',
            'src/components/PublicShell.tsx',
            ...entry.pageModules(address),
            'src/islands/start-islands.ts',
          ]
            .map((module) => `<script type="module" src="/${module}"></script>`)
            .join('');
          const index = withReadingPreferences(
            readFileSync(new URL('./index.html', import.meta.url), 'utf8').replace(
              '<script type="module" src="/src/main.tsx"></script>',
              scripts,
            ),
          );
          const html = await server.transformIndexHtml(address, entry.pageDocument(index, page, false));
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(html);
        })().catch(next);
      });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), islandPagesInDev()],
  // The site's files are the browser build's to serve; the server build needs none of them.
  publicDir: isSsrBuild ? false : 'public',
  resolve: { alias: { '@app/contracts': contracts } },
  // Built files (named by content hash) go to /static/, apart from the content files of public/assets/,
  // so the server can cache exactly the hashed ones forever.
  // The builds' manifests tell scripts/prerender.ts which styles each prerendered page needs; it removes
  // them after.
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsDir: 'static',
    manifest: true,
    // The server build's styles are those of the pages drawn with islands, which the browser build does not
    // have (scripts/prerender.ts puts them in the pages).
    ssrEmitAssets: true,
    // The validation library and the contracts' schemas in a chunk of their own (schemaChunk): left to itself,
    // the bundler puts them in the chunk of the form hook that every form shares, and /login, whose forms load
    // their schemas only when used (lib/use-lazy-schema.ts), would download them with the page.
    rolldownOptions: {
      // The app (index.html), and the script of the pages drawn with islands (decision 22), which shares
      // no framework code with it.
      input: isSsrBuild ? undefined : { index: 'index.html', islands: 'src/islands/start-islands.ts' },
      output: { codeSplitting: { groups: [{ name: chunkOf }] } },
    },
  },
  // The server build carries its libraries in itself: the API server draws pages with it (decision 22), and
  // needs none of the web app's packages installed.
  ssr: command === 'build' ? { noExternal: true } : {},
  server: {
    // `npm run dev`: the API runs on 8080 and the Vite dev server forwards to it.
    proxy: { '/api': 'http://localhost:8080' },
  },
}));
