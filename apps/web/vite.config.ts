import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: { '@app/contracts': contracts } },
  // Built files (named by content hash) go to /static/, apart from the content files of public/assets/,
  // so the server can cache exactly the hashed ones forever.
  // The browser build's manifest tells scripts/prerender.ts which styles each prerendered page needs; it
  // removes it after.
  build: { target: 'es2022', sourcemap: true, assetsDir: 'static', manifest: !isSsrBuild },
  server: {
    // `npm run dev`: the API runs on 8080 and the Vite dev server forwards to it.
    proxy: { '/api': 'http://localhost:8080' },
  },
}));
