import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@app/contracts': contracts } },
  build: { target: 'es2022', sourcemap: true },
  server: {
    // `npm run dev`: the API runs on 8080 and the Vite dev server forwards to it.
    proxy: { '/api': 'http://localhost:8080' },
  },
});
