/** The public shell in a real browser: addresses, the top bar on desktop and phone, accessibility. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PAGES } from '../apps/web/src/prerendered-pages';
import { watchCsp } from './support/csp';
import { expect, expectNoAxeViolations, test } from './support/test';

test('the empty path opens the Quran reader with the plain top bar', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/coran$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le Saint Coran');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Coran' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  await expectNoAxeViolations(page);
});

test('an unknown address goes back to the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/coran$/);
});

test('the top bar moves between pages and marks the current one', async ({ page }) => {
  await page.goto('/coran');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Prophètes' }).click();
  await expect(page).toHaveURL(/\/prophets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Les Prophètes de l'Islam");
  await expect(nav.getByRole('link', { name: 'Prophètes' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
});

test('on a 375 px phone the menu opens and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/coran');
  await expect(page.getByRole('navigation', { name: 'Navigation principale', exact: true })).toBeHidden();
  const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
  const menu = page.getByRole('navigation', { name: 'Navigation principale (mobile)' });
  // A modal panel: Escape, its close button and the backdrop close it, and the focus goes back to the burger.
  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  await page.getByRole('button', { name: 'Fermer le menu' }).click();
  await expect(menu).toBeHidden();
  await burger.click();
  await page.mouse.click(10, 400); // on the backdrop, left of the panel
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();

  await burger.click();
  await menu.getByRole('link', { name: 'Histoire' }).click();
  await expect(page).toHaveURL(/\/histoire$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chronologie des Événements');
  await expect(menu).toBeHidden();
  await expectNoAxeViolations(page);
  // The same menu on a page drawn with islands.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await menu.getByRole('link', { name: 'Hadith' }).click();
  await expect(page).toHaveURL(/\/hadith$/);
});

test('a learning page opens without the shell under /embed', async ({ page }) => {
  await page.goto('/embed/attributes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Les Noms Divins d'Allah (Asma ul Husna)");
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('no page runs an inline script or breaks a rule of the Content-Security-Policy', async ({ page }) => {
  const violations = watchCsp(page);
  for (const path of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Data blocks (type="application/json") are not scripts: nothing runs from the page's own text.
    expect(await page.locator('script:not([src]):not([type="application/json"])').count(), path).toBe(0);
  }
  expect(violations).toEqual([]);
});

test('the build files are cached for a year, the content files and pages are revalidated', async ({
  page,
  request,
}) => {
  // A page the app takes over (the sign-in screen) names the app's entry script in its loader's tag; one
  // drawn with islands loads their script.
  await page.goto('/login');
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry');
  await page.goto('/attributes');
  const islands = await page.locator('script[data-entry]').getAttribute('data-entry');
  for (const script of [entry, islands]) {
    expect(script).toMatch(/^\/static\//);
    expect((await request.get(script ?? '')).headers()['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  }
  for (const path of ['/assets/namesOfAllah.json', '/assets/cours/voyelles-longues-chadda.svg', '/coran']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).not.toContain('immutable');
  }
});

test('pages and content files are sent as compressed by the build, as the browser accepts', async ({
  request,
}) => {
  const files: Record<string, string> = {
    '/attributes': 'pages/attributes.html',
    '/login': 'pages/login.html',
    '/assets/namesOfAllah.json': 'assets/namesOfAllah.json',
  };
  for (const [path, file] of Object.entries(files)) {
    const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], path).toBeUndefined();
    for (const [encoding, extension] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ] as const) {
      const compressed = await request.get(path, { headers: { 'accept-encoding': encoding } });
      expect(compressed.headers()['content-encoding'], `${path} ${encoding}`).toBe(encoding);
      // The build's copy, sent as it is (compressing on the fly would send no length).
      const copy = fileURLToPath(new URL(`../apps/web/dist/${file}.${extension}`, import.meta.url));
      expect(Number(compressed.headers()['content-length']), path).toBe(fs.statSync(copy).size);
      expect(compressed.headers()['vary'], path).toMatch(/accept-encoding/i);
      // Playwright decodes the body: it must be the very bytes of the uncompressed file.
      expect((await compressed.body()).equals(await plain.body()), `${path} ${encoding}`).toBe(true);
    }
  }
});
