/**
 * The account screens in Chromium against the real server: registration confirmed from the e-mail, login
 * with and without the SMS code, the forgotten password, logout, the guard, and axe on every screen. The
 * server's outbox folder is the mailbox and the phone (support/accounts.ts).
 */
import type { Page } from '@playwright/test';
import {
  codeIn,
  linkPath,
  lastMessageId,
  newestMessage,
  PASSWORD,
  registerAndConfirm,
  storedTokens,
  turnOnMfa,
  uniqueEmail,
} from './support/accounts';
import { DEMO_PASSWORD } from './support/demo-accounts';
import { useLoginForm } from './support/login-form';
import { watchCsp } from './support/csp';
import { expect, expectNoAxeViolations, test } from './support/test';

async function logIn(page: Page, email: string, password: string) {
  await useLoginForm(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('register, confirm from the e-mail, log in, see the signed-in bar, log out', async ({ page }) => {
  // A whole journey of nine screens, each checked with axe: 24–32 s measured here, over the 30 s default.
  test.slow();
  const csp = watchCsp(page);
  const email = uniqueEmail('register');
  await page.goto('/register');
  await expect(heading(page)).toHaveText('Create an Account');
  await expectNoAxeViolations(page);

  const submit = page.getByRole('button', { name: 'Create Account' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('First Name').fill('Amina');
  await page.getByLabel('Last Name').fill('Benali');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Password', exact: true }).blur();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await submit.click();

  await expect(heading(page)).toHaveText('User account created for user Amina');
  await expect(heading(page)).toBeFocused();
  await expect(page.getByText('Please access your email and confirm your account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create another account' })).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await newestMessage(email, 'email');
  await page.goto(linkPath(mail.text, 'account'));
  await expect(heading(page)).toHaveText('Verified!');
  await expect(page.getByText('Account verified')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Account Login' }).click();
  await expect(heading(page)).toHaveText('Account Login');
  await expectNoAxeViolations(page);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/coran$/);
  const profileButton = page.getByRole('button', { name: 'Amina Benali' });
  await expect(profileButton).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  const tokens = await storedTokens(page);
  expect(tokens.access).toMatch(/^ey/);
  expect(tokens.refresh).toMatch(/^ey/);

  // The tools menu and the profile menu.
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('button', { name: 'Outils' }).click();
  await expect(nav.getByRole('link', { name: 'Calendrier' })).toHaveAttribute('href', '/feature');
  await expect(nav.getByRole('link', { name: 'Mes classes' })).toHaveAttribute('href', '/classes');
  await expect(nav.getByRole('link', { name: 'Mes Fichiers' })).toHaveAttribute('href', '/files');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Calendrier' })).toBeHidden();
  await profileButton.click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(heading(page)).toHaveText('Profile');

  // Logout: the server ends the session, the browser forgets it, home opens with the notice.
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/user/logout'));
  await profileButton.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  expect((await logout).headers().authorization).toBe(`Bearer ${tokens.refresh}`);
  await expect(page).toHaveURL(/\/coran$/);
  await expect(page.getByText("You've been successfully logged out")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' }).first()).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
  const refused = await page.request.get('/api/user/refresh/token', {
    headers: { Authorization: `Bearer ${tokens.refresh}` },
  });
  expect(refused.status()).toBe(401);
  expect(csp).toEqual([]);
});

test('with MFA on, login asks for the SMS code; a wrong code is refused, the right one signs in', async ({
  page,
  request,
}) => {
  const csp = watchCsp(page);
  const account = await registerAndConfirm(request, {
    firstName: 'Youssef',
    lastName: 'Haddad',
    label: 'mfa',
  });
  const phone = await turnOnMfa(request, account);
  // The code that turned the factor on went to the same phone: the login's is newer.
  const beforeLogin = lastMessageId(phone, 'sms');

  await page.goto('/login');
  await logIn(page, account.email, account.password);
  const codeView = heading(page);
  await expect(codeView).toHaveText(`Verification Code Sent To ...${phone.replace(/\D/g, '').slice(-4)}`);
  await expect(codeView).toBeFocused();
  await expect(page.getByText('Please access your SMS and enter the code.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  await expectNoAxeViolations(page);

  const code = codeIn((await newestMessage(phone, 'sms', { newerThan: beforeLogin })).text);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification Code').fill(wrong);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  const banner = page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: 'Code is invalid. Please try again.' });
  await expect(banner).toBeVisible();
  await expect(
    page.locator('.notification-error').getByText('Code is invalid. Please try again.'),
  ).toBeVisible();
  await expect(heading(page)).toHaveText(/^Verification Code Sent To/);
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();

  await page.getByLabel('Verification Code').fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/coran$/);
  await expect(page.getByRole('button', { name: 'Youssef Haddad' })).toBeVisible();
  expect(csp).toEqual([]);
});

test('a forgotten password is reset from the e-mailed link, and the new one logs in', async ({
  page,
  request,
}) => {
  // Register, reset, refuse the used link, log in: 26–32 s measured here, over the 30 s default.
  test.slow();
  const csp = watchCsp(page);
  const account = await registerAndConfirm(request, {
    firstName: 'Khalil',
    lastName: 'Mansour',
    label: 'reset',
  });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(heading(page)).toHaveText('Reset Password');
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(heading(page)).toHaveText('Email sent. Please check your email to reset your password.');
  await expect(page.getByRole('link', { name: 'Account Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/register');
  await expectNoAxeViolations(page);

  const link = linkPath((await newestMessage(account.email, 'email')).text, 'password');
  await page.goto(link);
  await expect(heading(page)).toHaveText('Enter New Password');
  await expectNoAxeViolations(page);
  const newPassword = 'a-brand-new-password';
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(heading(page)).toHaveText('Success');
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await expectNoAxeViolations(page);

  // The link is used up.
  await page.goto(link);
  await expect(heading(page)).toHaveText('This link is not valid.');
  await expect(page.locator('svg[data-status="error"]')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/login');
  await logIn(page, account.email, account.password);
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
  ).toBeVisible();
  await logIn(page, account.email, newPassword);
  await expect(page.getByRole('button', { name: 'Khalil Mansour' })).toBeVisible();
  expect(csp).toEqual([]);
});

test('signed out, every guarded page leads to /login, which brings the user back after logging in', async ({
  page,
}) => {
  for (const path of [
    '/profile',
    '/home',
    '/customers',
    '/customers/new',
    '/customers/3',
    '/invoices',
    '/invoices/new',
    '/invoices/3/INV-0003',
    '/feature',
    '/classes',
    '/files',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(heading(page)).toHaveText('Account Login');
  }

  // A member of the demo organisation, whose third invoice this is (decision 17: another's would be not found).
  await page.goto('/invoices/3/INV-0003');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, 'user@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/invoices\/3\/INV-0003$/);
  // The demo data's third invoice: the page shows its own number.
  await expect(heading(page)).toHaveText(/^Invoice INV-\d{6}$/);

  // Signed in, /login goes to /home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(heading(page)).toHaveText('Dashboard');
});

test('/login arrives as HTML and starts the app when the visitor first uses it', async ({
  browser,
  baseURL,
  page,
}) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const html = await withoutScripts.newPage();
  await html.goto('/login');
  await expect(heading(html)).toHaveText('Account Login');
  await expect(html.getByLabel('Email')).not.toBeEditable();
  // Drawn in Mantine's light scheme before any script runs (its variables draw the field's border).
  await expect(html.getByLabel('Email')).toHaveCSS('border-top-style', 'solid');
  await withoutScripts.close();

  const appScripts: string[] = [];
  page.on('request', (r) => {
    if (/\/static\/index-[^/]+\.js$/.test(r.url())) appScripts.push(r.url());
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(appScripts).toEqual([]);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await useLoginForm(page);
  expect(appScripts).toHaveLength(1);
  await page.getByLabel('Email').fill('reader@example.com');
  await expect(page.getByLabel('Email')).toHaveValue('reader@example.com');
  await expectNoAxeViolations(page);
});
