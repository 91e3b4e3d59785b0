/**
 * The learning site without a connection, in Chromium with its service worker: after one visit, every
 * learning page and every chapter reads offline, with its islands working.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalServer, type LocalServer } from './support/global-setup';
import { startRecitationHost, type RecitationHost } from './support/recitation-host';
import { expect, test } from './support/test';

test.use({ serviceWorkers: 'allow' });

/**
 * The worker keeps the 114 chapters after its install, as the server draws them: 40 s on this machine the first
 * time (most of it the server drawing each chapter once), a few seconds after. Budgeted with a wide margin for a
 * busy machine.
 */
const KEEPING_THE_CHAPTERS_MS = 150_000;

test('after a first visit, every learning page and every chapter read without a connection', async ({
  page,
  context,
}) => {
  test.setTimeout(KEEPING_THE_CHAPTERS_MS + 30_000);
  await page.goto('/coran/112');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('pages')).keys()).length), {
      timeout: KEEPING_THE_CHAPTERS_MS,
      intervals: [1_000],
    })
    .toBeGreaterThanOrEqual(114);

  await context.setOffline(true);
  for (const [address, heading] of [
    ['/invocations', 'Invocations'],
    ['/invocations?categorie=2', 'Invocations'],
    ['/attributes', "Les Noms Divins d'Allah (Asma ul Husna)"],
    ['/prophets', "Les Prophètes de l'Islam"],
    ['/histoire', 'Chronologie des Événements'],
    ['/coursarabe', "Cours d'arabe"],
    ['/hadith', 'Hadith'],
    ['/coran/114', 'Le Saint Coran'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 }), address).toHaveText(heading);
  }
  // A verse's address opens its chapter at the verse, the reader's island working offline too.
  await page.goto('/coran/2/255');
  await expect(page.locator('li[data-current="true"]')).toHaveId('verset-255');
  await expect(page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true })).toBeEnabled();
  // A search is made on the device, the same way as the server's.
  await page.goto('/recherche?q=tout+misericordieux');
  await expect(page.getByRole('status')).toHaveText(/^\d+ versets trouvés$/);
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Al-Faatiha 1:1' }) });
  await expect(first.locator('mark')).toHaveText(['Tout', 'Miséricordieux', 'Miséricordieux']);
  await first.getByRole('link', { name: 'Al-Faatiha 1:1' }).click();
  await expect(page.locator('li[data-current="true"]')).toHaveId('verset-1');
  // A page never kept says so, in French, with the pages that are.
  await page.goto('/hadith?categorie=3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hors connexion');
  await expect(page.getByRole('link', { name: 'Le Coran (chaque sourate)' })).toBeVisible();
});

test('the site is installable: its manifest names it, its start page and its icon', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({
    name: 'Coran & Hadith',
    start_url: '/coran',
    display: 'standalone',
    icons: [expect.objectContaining({ src: '/favicon.svg' })],
  });
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
});

test.describe('a recitation downloaded for listening without a connection', () => {
  let host: RecitationHost;
  let server: LocalServer;
  test.beforeAll(async () => {
    // The product on its own recitation host (AUDIO_BASE_URL), as an operator with a mirror would run it.
    host = await startRecitationHost();
    server = await startLocalServer({ AUDIO_BASE_URL: host.url });
  });
  test.afterAll(async () => {
    await server.stop();
    await host.stop();
  });

  test('is downloaded with its size shown, plays offline from the device, and is removed', async ({
    page,
    context,
  }) => {
    await page.goto(`${server.baseUrl}/coran/112`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByRole('button', { name: 'Réglages du lecteur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Réglages du lecteur' });
    const status = dialog.getByRole('status');
    await expect(status).toHaveText('La récitation de cette sourate n’est pas enregistrée sur cet appareil.');
    await dialog.getByRole('button', { name: 'Télécharger la récitation de cette sourate' }).click();
    // Chapter 112: 4 verses, in Arabic and in French.
    await expect(status).toHaveText(
      /^Enregistrée sur cet appareil : 8 fichiers, \d+,\d Mo \(arabe : Ali al-Hudhaify, français : Youssouf Leclerc\)\.$/,
    );
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    const asked = host.requested.length;
    await page.getByRole('button', { name: 'Écouter la sourate en arabe puis en français' }).click();
    await expect(page.locator('li[data-current="true"]')).toHaveId('verset-4');
    await expect(page.getByRole('button', { name: /la sourate en arabe puis en français/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.locator('[data-audio-notice]')).toHaveText('');
    expect(host.requested.length).toBe(asked);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Réglages du lecteur' }).click();
    await dialog.getByRole('button', { name: 'Supprimer la récitation téléchargée' }).click();
    await expect(status).toHaveText('La récitation de cette sourate n’est pas enregistrée sur cet appareil.');
    expect(await page.evaluate(async () => (await (await caches.open('recitations')).keys()).length)).toBe(0);
  });
});

test.describe('a new version of the site', () => {
  let server: LocalServer;
  let site: string;
  test.beforeAll(async () => {
    // The product served from a copy of its build, so this test can deploy a second build over it.
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
    fs.cpSync(fileURLToPath(new URL('../apps/web/dist', import.meta.url)), site, { recursive: true });
    server = await startLocalServer({ WEB_DIST_DIR: site });
  });
  test.afterAll(async () => {
    await server.stop();
    fs.rmSync(site, { recursive: true, force: true });
  });

  test('is offered, not forced: later keeps the page, update reloads it with the new version', async ({
    page,
  }) => {
    await page.goto(`${server.baseUrl}/invocations`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const banner = page.locator('[data-update-banner]');
    await expect(banner).toBeHidden();

    // A second build deployed: its service worker differs from the one the browser runs.
    fs.appendFileSync(path.join(site, 'sw.js'), '\n// the next build\n');
    for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(site, copy));
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Une nouvelle version du site est prête.');

    await banner.getByRole('button', { name: 'Plus tard' }).click();
    await expect(banner).toBeHidden();
    const waiting = () =>
      page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(await waiting()).toBe(true);

    // The reader accepts on a later visit: the new version takes over and the page is drawn again with it.
    await page.reload();
    await page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));
    const reloaded = page.waitForEvent('framenavigated');
    await banner.getByRole('button', { name: 'Mettre à jour' }).click();
    await reloaded;
    await page.waitForLoadState();
    expect(await page.evaluate(() => 'beforeTheUpdate' in window)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invocations');
    expect(await waiting()).toBe(false);
    await expect(banner).toBeHidden();
  });
});
