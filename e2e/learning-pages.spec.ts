/** The learning pages in Chromium: each opens, its controls work, Arabic is marked up, axe finds nothing. */
import { expectArabicMarkedUp } from './support/arabic';
import { signInAs } from './support/demo-accounts';
import { expect, expectNoAxeViolations, test } from './support/test';

test('invocations: the category dropdown defaults to the daily invocations and switches category', async ({
  page,
}) => {
  await page.goto('/invocations');
  const select = page.getByLabel('Choisissez une catégorie');
  await expect(select).toHaveValue('Invocations du quotidien');
  await expect(page.getByRole('article').first()).toContainText('Raison :');
  await expect(page.getByRole('article').first()).toContainText('Source :');
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);

  await select.selectOption('Protection');
  await expect(page.getByRole('heading', { level: 2, name: 'Protection' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(8);
  await expect(page).toHaveURL(/categorie=Protection/);
  await page.reload();
  await expect(page.getByLabel('Choisissez une catégorie')).toHaveValue('Protection');
});

test('attributes: the 99 names, numbered, each with Arabic, transliteration, meaning and description', async ({
  page,
}) => {
  await page.goto('/attributes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Les Noms Divins d'Allah (Asma ul Husna)");
  const cards = page.getByRole('listitem');
  await expect(cards).toHaveCount(99);
  await expect(cards.first()).toContainText('Ar-Rahmân');
  await expect(cards.first().locator('[lang="ar"]')).toHaveText('الرَّحْمَٰنُ');
  await expect(cards.last()).toContainText('As-Sabûr');
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);
});

test('prophets: 25 cards with role and story, linking to the chapters that name them', async ({ page }) => {
  await page.goto('/prophets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Les Prophètes de l'Islam");
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(25);
  await expect(cards.first()).toContainText('Rôle :');
  await expect(cards.last()).toContainText('Muhammad');
  await expect(cards.first().getByRole('link', { name: '2', exact: true })).toHaveAttribute(
    'href',
    '/coran/2',
  );
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);
});

test('histoire: seven periods, each a timeline of dated events', async ({ page }) => {
  await page.goto('/histoire');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chronologie des Événements');
  const periods = page.getByRole('heading', { level: 2 });
  await expect(periods).toHaveCount(7);
  await expect(periods.first()).toHaveText(/^610-622 : Les Débuts de l'Islam/);
  await expect(periods.last()).toHaveText(/^1924-présent/);
  await expect(page.getByText('La première révélation').first()).toBeVisible();
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);
});

test('coursarabe: two modules, ten lessons with examples and drawings', async ({ page }) => {
  await page.goto('/coursarabe');
  await expect(page.getByRole('heading', { level: 2, name: /^Module 1/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Module 2/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(10);
  await expect(page.getByRole('heading', { level: 3, name: /^Cours 9 : .*suffixes/ })).toBeVisible();

  // Each drawing loads (the SVG exists and is an image the browser can draw).
  const images = page.locator('section img');
  const count = await images.count();
  expect(count).toBeGreaterThanOrEqual(10);
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  await page.getByRole('link', { name: /^Cours 10 :/ }).click();
  await expect(page).toHaveURL(/#cours-10$/);
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);
});

test('coursarabe: a course video loads nothing from the video host until it is clicked', async ({ page }) => {
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('vimeo')) videoRequests.push(request.url());
  });
  // The host stays offline: the test checks what the page asks for, not Vimeo's answer.
  await page.route('https://player.vimeo.com/**', (route) => route.fulfill({ body: '<title>video</title>' }));

  await page.goto('/coran');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: "Cours d'arabe" })
    .click();
  const play = page.getByRole('button', { name: 'Lire la vidéo : Vidéo du cours 1', exact: true });
  // Usable once its island is bound.
  await expect(play).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Lire la vidéo : / })).toHaveCount(10);
  expect(videoRequests).toEqual([]);
  await play.click();
  const frame = page.locator('iframe[title="Vidéo du cours 1"]');
  await expect(frame).toHaveAttribute(
    'src',
    'https://player.vimeo.com/video/203278852?h=d00036e011a&dnt=1&autoplay=1',
  );
  await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
  // Only the clicked course's player is loaded.
  expect(videoRequests.every((url) => url.includes('/video/203278852'))).toBe(true);
});

test('sources: every kind of text is credited', async ({ page }) => {
  await page.goto('/coran');
  await page.getByRole('link', { name: 'Sources et licences' }).click();
  await expect(page).toHaveURL(/\/sources$/);
  for (const name of [
    'Le Coran',
    'Les hadiths',
    'Invocations, noms divins, prophètes, histoire',
    "Cours d'arabe et polices",
  ]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByText(/Hamidullah/).first()).toBeVisible();
  await expect(page.getByText(/CC BY-SA 4.0/).first()).toBeVisible();
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);
});

test('a learning page embedded without the shell still works', async ({ page }) => {
  await page.goto('/embed/invocations');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.getByLabel('Choisissez une catégorie').selectOption('Voyages');
  await expect(page.getByRole('heading', { level: 2, name: 'Voyages' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('on a 375 px phone the pages fit the screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/invocations', '/attributes', '/prophets', '/histoire', '/coursarabe', '/sources']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the learning pages arrive as HTML: their text shows before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/attributes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Les Noms Divins d'Allah (Asma ul Husna)");
  await expect(page.getByRole('listitem')).toHaveCount(99);
  await expect(page).toHaveTitle("Les Noms Divins d'Allah (Asma ul Husna) · Coran et Hadith");
  await page.goto('/embed/prophets');
  await expect(page.getByRole('article')).toHaveCount(25);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // The Quran reader and the hadith page carry their default chapter and category, their controls
  // disabled until the app takes over.
  await page.goto('/coran');
  await expect(page.locator('[id^="verset-"]')).toHaveCount(7);
  await expect(page.locator('#verset-1')).toContainText("Au nom d'Allah");
  await expect(page.getByRole('button', { name: 'Écouter le verset 1 en arabe' })).toBeDisabled();
  await expect(page.getByLabel('Sourate', { exact: true })).toHaveValue('1');
  await page.goto('/hadith');
  await expect(page.getByRole('button', { name: /^Détail : / }).first()).toBeDisabled();
  await expect(page.getByLabel('Catégorie')).toBeDisabled();
  await context.close();
});

test('a page drawn with islands loads their few small scripts and never the app', async ({
  page,
  request,
}) => {
  // No app entry or data block in the HTML: the loader starts the islands' script after the first frame.
  const html = await (await request.get('/invocations')).text();
  expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|id="prerendered-data"/);
  expect(html).toMatch(/<script defer src="\/start-after-paint.js" data-entry="\/static\/islands-[^"]+\.js"/);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/invocations');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /\/static\/index-[^/]+\.js$/.test(path))).toEqual([]);
  // The display preferences (in the head), the loader, the islands' script and the modules of this page's islands
  // (the menu, the category choice, the theme choice), and the offline site's registration once the page is idle.
  expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(12);
  // The choice works, without the app.
  const select = page.getByLabel('Choisissez une catégorie');
  await select.selectOption('Santé');
  await expect(page.getByRole('heading', { level: 2, name: 'Santé' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Invocations du quotidien' })).toBeHidden();
});

test("the learning pages' Arabic is drawn from Amiri cut down to the site's characters, not the whole face", async ({
  page,
}) => {
  for (const path of ['/invocations', '/attributes', '/coursarabe']) {
    const fonts: string[] = [];
    const listen = (r: { resourceType(): string; url(): string }) => {
      if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
    };
    page.on('request', listen);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('request', listen);
    expect(
      fonts.filter((font) => /amiri-site-400/.test(font)),
      path,
    ).toHaveLength(1);
    expect(
      fonts.filter((font) => /amiri-arabic/.test(font)),
      path,
    ).toEqual([]);
  }
});

test('a page drawn with islands shows a signed-in user the signed-in bar, whose links load their pages', async ({
  page,
}) => {
  await signInAs(page, 'admin@example.com');
  await page.goto('/prophets');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('button', { name: 'Business' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Prophètes' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  await nav.getByRole('button', { name: 'Business' }).click();
  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices');
  // One entry in the history, as a link gives: back is the page left.
  await page.goBack();
  await expect(page).toHaveURL(/\/prophets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Les Prophètes de l'Islam");
});

test('a prerendered page takes over without errors and without fetching its content again', async ({
  page,
}) => {
  // The Quran reader's and the hadith page's API answers are in their HTML too.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const contentFetches: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/.*\.json$|\/api\//.test(request.url())) contentFetches.push(request.url());
  });
  const pages = ['/coran', '/hadith', '/invocations', '/attributes', '/prophets', '/histoire', '/coursarabe'];
  for (const path of [...pages, '/sources']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/invocations');
  await page.getByLabel('Choisissez une catégorie').selectOption('Santé');
  await expect(page.getByRole('heading', { level: 2, name: 'Santé' })).toBeVisible();
  expect(problems).toEqual([]);
  expect(contentFetches).toEqual([]);
});
