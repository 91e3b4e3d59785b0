import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
      output: { codeSplitting: { groups: [{ name: schemaChunk }] } },
    },
  },
  // The server build carries its libraries in itself: the API server draws pages with it (decision 22), and
  // needs none of the web app's packages installed.
  ssr: { noExternal: true },
  server: {
    // `npm run dev`: the API runs on 8080 and the Vite dev server forwards to it.
    proxy: { '/api': 'http://localhost:8080' },
  },
}));
