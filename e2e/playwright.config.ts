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
  // In CI a failed test runs once more: one that then passes is listed as flaky, still shown
  // in the report, while a real failure fails twice. Locally a failure is never retried.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'site', testIgnore: /offline-site\.spec\.ts$/ },
    // The offline site's tests make the server draw all 114 chapters (about 40 s of its work): they run once the
    // others are done, so that load never slows a test with a time budget of its own.
    { name: 'offline', testMatch: /offline-site\.spec\.ts$/, dependencies: ['site'] },
  ],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The learning site's service worker answers a page's requests itself once installed, out of reach of the
    // routes a test sets: it runs only in the tests of the offline site (offline-site.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Audio tests start playback without a click.
      args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
    },
  },
});
