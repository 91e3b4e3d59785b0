/**
 * End-to-end tests in Debian's Chromium against the production build, started by
 * support/global-setup.ts with `npm start` on a free port and a temporary DATA_DIR.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Audio tests start playback without a click.
      args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
    },
  },
});
