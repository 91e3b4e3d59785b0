/**
 * One Vitest run for every unit, component and API integration test.
 * The API suite runs on embedded PGlite, and a second time on a PostgreSQL server
 * when TEST_DATABASE_URL is set (CI sets it).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
const alias = { '@app/contracts': contracts };

const apiProject = (name: string, driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/test/support/global-setup.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The API's files share their worker's loaded modules (a file still opens its own database and app): the
    // suite mocks no module, and loading the server's modules again for each of 60 files cost a third of its time.
    isolate: false,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    resolve: { alias },
    test: {
      name: 'unit',
      include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    plugins: [react()],
    resolve: { alias },
    test: {
      name: 'web',
      include: ['apps/web/src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      // Worker threads start faster than processes, and these files need nothing of a process of their own.
      pool: 'threads',
      // The theme respects reduced motion, so no transition timer can outlive a test and fire
      // once the DOM is torn down.
      environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
      setupFiles: ['apps/web/src/test/setup.ts'],
    },
  },
  apiProject('api (PGlite)', 'pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(apiProject('api (PostgreSQL)', 'postgres'));

export default defineConfig({
  test: {
    projects,
    // One worker per core: Vitest's default, half of them, left one of a 2-core machine's cores idle.
    maxWorkers: availableParallelism(),
    globalSetup: ['scripts/test-temporary-folder.ts'],
    // A file marked `@module-tag slow` in its first comment runs with `npm test`, not with `npm run test:fast`.
    tags: [
      {
        name: 'slow',
        description:
          'Fuzzing, the command line, real server processes and mounted disks: minutes, not seconds.',
      },
    ],
  },
});
