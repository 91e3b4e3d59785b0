/**
 * The session over time: an access token that expires during use is refreshed with one refresh token,
 * however many calls and tabs find it expired at the same moment; and the signed-in bar on a phone.
 */
import {
  expiredAccessToken,
  logInThroughApi,
  registerAndConfirm,
  storedTokens,
  storeTokens,
} from './support/accounts';
import { expect, expectNoAxeViolations, test } from './support/test';

test('five tabs whose access token expired at once resume the session with the same refresh token, each call retried', async ({
  context,
  request,
}) => {
  // Five tabs load the signed-in screens at once.
  test.slow();
  const account = await registerAndConfirm(request, {
    firstName: 'Nour',
    lastName: 'Chraibi',
    label: 'refresh',
  });
  const session = await logInThroughApi(request, account);
  const expired = await expiredAccessToken(session.access_token);
  const firstAnswer = await request.get('/api/user/profile', {
    headers: { Authorization: `Bearer ${expired}` },
  });
  expect(firstAnswer.status()).toBe(401);
  expect(((await firstAnswer.json()) as { reason: string }).reason).toContain('expired');

  const refreshes: string[] = [];
  const profileStatuses: number[] = [];
  context.on('request', (r) => {
    if (r.url().endsWith('/api/user/refresh/token')) refreshes.push(r.headers().authorization ?? '');
  });
  // The refresh is held until all five calls have been refused as expired: they are truly at the same time.
  let allRefused!: () => void;
  const fiveRefused = new Promise<void>((resolve) => (allRefused = resolve));
  context.on('response', (r) => {
    if (!r.url().endsWith('/api/user/profile')) return;
    profileStatuses.push(r.status());
    if (profileStatuses.filter((s) => s === 401).length === 5) allRefused();
  });
  await context.route('**/api/user/refresh/token', async (route) => {
    await fiveRefused;
    await route.continue();
  });

  // Five tabs of the same browser share the stored tokens; each opens a guarded page and loads the profile.
  const first = await context.newPage();
  await storeTokens(first, { access_token: expired, refresh_token: session.refresh_token });
  const pages = [first, ...(await Promise.all([1, 2, 3, 4].map(() => context.newPage())))];
  await Promise.all(pages.map((page) => page.goto('/home')));

  // Every tab waits for the slowest of five to load its code: on a busy two-core machine that can take
  // longer than one expectation's timeout, so the wait is for the event itself.
  await expect(fiveRefused).resolves.toBeUndefined();
  for (const page of pages) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByRole('button', { name: 'Nour Chraibi' })).toBeVisible();
  }
  // Tabs take turns (Web Locks) and reuse a pair another tab stored. A tab may still miss it, as browsers
  // copy local storage between tabs asynchronously: it then refreshes with the same token, which the server
  // accepts just after its use. Either way every refresh carries the session's token and every tab stays in.
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(new Set(refreshes)).toEqual(new Set([`Bearer ${session.refresh_token}`]));
  expect(profileStatuses.filter((s) => s === 401)).toHaveLength(5);
  expect(profileStatuses.filter((s) => s === 200)).toHaveLength(5);
  const stored = await storedTokens(first);
  expect(stored.access).not.toBe(expired);
  expect(stored.refresh).not.toBe(session.refresh_token);
});

test('in one tab, the guard and the top bar share one refresh', async ({ page, request }) => {
  const account = await registerAndConfirm(request, {
    firstName: 'Ilyas',
    lastName: 'Bennani',
    label: 'tab',
  });
  const session = await logInThroughApi(request, account);
  await storeTokens(page, {
    access_token: await expiredAccessToken(session.access_token),
    refresh_token: session.refresh_token,
  });
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user/refresh/token')) refreshes.push(r.url());
  });
  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers');
  await expect(page.getByRole('button', { name: 'Ilyas Bennani' })).toBeVisible();
  expect(refreshes).toHaveLength(1);

  // A refused refresh (the session was revoked: logged out elsewhere) forgets the tokens and opens /login
  // with the reason.
  const loggedOut = await request.post('/api/user/logout', {
    headers: { Authorization: `Bearer ${session.refresh_token}` },
  });
  expect(loggedOut.status()).toBe(200);
  await storeTokens(page, {
    access_token: await expiredAccessToken(session.access_token),
    refresh_token: session.refresh_token,
  });
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('This session is no longer valid. Please log in again.')).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('a session revoked while a page is open: the next call shows the reason once and opens /login', async ({
  page,
  request,
}) => {
  const account = await registerAndConfirm(request, {
    firstName: 'Samira',
    lastName: 'Haddad',
    label: 'revoked',
  });
  const session = await logInThroughApi(request, account);
  await storeTokens(page, session);
  await page.goto('/files');
  await expect(page.getByText('No files yet. Upload one to keep it here.')).toBeVisible();
  // Every call of the page's first load has answered (the signed-in bar's profile too): the upload below is the
  // first call the server refuses, whatever the machine's speed.
  await page.waitForLoadState('networkidle');

  // Logged out elsewhere: from now on the server refuses this session's access token too, as signed out.
  const loggedOut = await request.post('/api/user/logout', {
    headers: { Authorization: `Bearer ${session.refresh_token}` },
  });
  expect(loggedOut.status()).toBe(200);
  // An upload is a call like any other: refused, it ends the session on this page.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You need to log in to access this resource')).toHaveCount(1);
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('the signed-in bar works on a 375 px phone', async ({ page, request }) => {
  const account = await registerAndConfirm(request, { firstName: 'Rania', lastName: 'Tazi', label: 'phone' });
  await storeTokens(page, await logInThroughApi(request, account));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/coran');
  const profileButton = page.getByRole('button', { name: 'Rania Tazi' });
  await expect(profileButton).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale', exact: true })).toBeHidden();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Navigation principale (mobile)' });
  await expect(menu.getByRole('link', { name: 'Hadith' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Mes classes' }).click();
  await expect(page).toHaveURL(/\/classes$/);
  await expect(menu).toBeHidden();
  await expectNoAxeViolations(page);

  await profileButton.click();
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeInViewport();
  await expectNoAxeViolations(page);
  await logout.click();
  await expect(page.getByText("You've been successfully logged out")).toBeVisible();
  await expect(page).toHaveURL(/\/coran$/);
});
