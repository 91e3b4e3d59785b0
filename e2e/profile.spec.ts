/**
 * The profile screen in Chromium against the real server: the personal details saved and read back after
 * a reload, a password change that the next login needs, a picture uploaded and shown, a phone and
 * two-step verification that the next login asks the SMS code for, and a system administrator changing
 * another user's role. axe on the screen as a user and as an administrator, and at 375 px.
 *
 * The whole suite comes from one address, which the server allows 10 registrations an hour and 30 logins
 * in 15 minutes: this file registers 3 accounts and logs in at most 9 times.
 */
import type { Page } from '@playwright/test';
import {
  codeIn,
  lastMessageId,
  logInThroughApi,
  newestMessage,
  registerAndConfirm,
  storeTokens,
  uniquePhone,
  type Account,
} from './support/accounts';
import { demoTokens, inviteToDemoOrganisation } from './support/demo-accounts';
import { expect, expectNoAxeViolations, test } from './support/test';
import { useLoginForm } from './support/login-form';

/** An 8 × 8 teal PNG: a real image the server recognises from its bytes. */
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQ78rDihiGlgQALZ1FwfFHEj4AAAAASUVORK5CYII=',
  'base64',
);

/** A new confirmed account, signed in in the page by its tokens, on /profile. */
async function openOwnProfile(page: Page, names: { firstName: string; lastName: string; label: string }) {
  const account = await registerAndConfirm(page.request, names);
  await storeTokens(page, await logInThroughApi(page.request, account));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.getByRole('region', { name: `${names.firstName} ${names.lastName}` })).toBeVisible();
  return account;
}

async function logInOnScreen(page: Page, email: string, password: string) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await useLoginForm(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const notification = (page: Page, kind: 'success' | 'error', text: string) =>
  page.locator(`.notification-${kind}`).getByText(text, { exact: true });

test('a user edits their details, sees them after a reload, and changes their password', async ({ page }) => {
  // Register, edit, reload, change the password and log in again with it, with axe on the way: 16–17 s alone,
  // 32–33 s with two workers in CI's run (over the 30 s default).
  test.slow();
  const account = await openOwnProfile(page, { firstName: 'Leila', lastName: 'Amrani', label: 'profile' });
  // Registering made the account the owner of its own organisation (decision 17), whose members it administers.
  await expect(section(page, 'Administration')).toBeVisible();
  await expectNoAxeViolations(page);

  const details = section(page, 'Personal information');
  await details.getByLabel('First name').fill('L');
  await details.getByLabel('First name').blur();
  await expect(details.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await details.getByLabel('First name').fill('Leïla');
  await details.getByLabel('Last name').fill('Amrani-Benali');
  await details.getByLabel('Title').fill('Arabic teacher');
  await details.getByLabel('Address').fill('12 rue de la Paix, Lyon');
  await details.getByLabel('Bio').fill('I teach Arabic to children.');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(notification(page, 'success', 'User updated')).toBeVisible();
  // The summary and the signed-in bar follow at once.
  await expect(page.getByRole('region', { name: 'Leïla Amrani-Benali' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leïla Amrani-Benali' })).toBeVisible();

  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue('Leïla');
  await expect(details.getByLabel('Last name')).toHaveValue('Amrani-Benali');
  await expect(details.getByLabel('Title')).toHaveValue('Arabic teacher');
  await expect(details.getByLabel('Address')).toHaveValue('12 rue de la Paix, Lyon');
  await expect(details.getByLabel('Bio')).toHaveValue('I teach Arabic to children.');
  const summary = page.getByRole('region', { name: 'Leïla Amrani-Benali' });
  await expect(summary.getByText('Arabic teacher')).toBeVisible();
  await expect(summary.getByText(account.email)).toBeVisible();
  await expect(
    section(page, 'Recent activity').getByText('You updated your profile information'),
  ).toBeVisible();

  // The password: the confirmation is compared at once, then the server changes it.
  const password = section(page, 'Password');
  const newPassword = 'a-changed-password-2';
  await password.getByLabel('Current password').fill(account.password);
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await password.getByLabel('Confirm new password').fill('something-else');
  await password.getByLabel('Confirm new password').blur();
  await expect(password.getByText("Passwords don't match. Please try again.")).toBeVisible();
  await password.getByLabel('Confirm new password').fill(newPassword);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(notification(page, 'success', 'Password updated successfully')).toBeVisible();
  await expect(password.getByRole('status')).toHaveText(
    'Password updated successfully. Your other devices have been signed out.',
  );
  await expect(password.getByLabel('Current password')).toHaveValue('');
  await expectNoAxeViolations(page);

  await logInOnScreen(page, account.email, account.password);
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Leïla Amrani-Benali' })).toBeVisible();
});

test('a picture is checked, previewed and uploaded; MFA needs a phone, then the next login asks for the code', async ({
  page,
}) => {
  // One account for both (the server allows 10 registrations per address and hour, for the whole suite).
  const account = await openOwnProfile(page, {
    firstName: 'Sofia',
    lastName: 'Berrada',
    label: 'profile-security',
  });

  // The picture: a wrong file is refused at once; a PNG is previewed, uploaded and shown everywhere.
  const picture = section(page, 'Profile picture');
  const chooser = picture.locator('input[type="file"]');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(picture.getByRole('alert')).toContainText('The picture must be a PNG, JPEG or WebP image.');
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: SMALL_PNG });
  const preview = picture.getByRole('img', { name: 'Preview of the new picture' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await picture.getByRole('button', { name: 'Upload picture' }).click();
  await expect(notification(page, 'success', 'Profile image updated')).toBeVisible();
  const shown = [
    picture.getByRole('img', { name: 'Your current picture' }),
    page.getByRole('region', { name: 'Sofia Berrada' }).locator('img'),
    page.getByRole('button', { name: 'Sofia Berrada' }).locator('img'),
  ];
  for (const image of shown) {
    await expect(image).toHaveAttribute('src', /\/api\/user\/image\/[0-9a-f]{32}\.png$/);
    // Loaded, not only pointed at: the address must be one the page may show (CSP img-src 'self').
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  }

  // Two-step verification: without a phone, said at once, and the phone field is where to go.
  const mfa = section(page, 'Two-step verification');
  const toggle = mfa.getByRole('switch', { name: 'Ask for a code sent by SMS' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(mfa.getByRole('alert')).toContainText(
    'You need a phone number to change Multi-Factor Authentication',
  );
  const phoneField = section(page, 'Personal information').getByLabel('Phone');
  await expect(phoneField).toBeFocused();
  await expect(toggle).not.toBeChecked();

  const phone = uniquePhone();
  const lastFour = phone.replace(/\D/g, '').slice(-4);
  await phoneField.fill(phone);
  // A new phone number needs the current password (a stolen session alone cannot change it).
  await section(page, 'Personal information').getByLabel('Current password').fill(account.password);
  await section(page, 'Personal information').getByRole('button', { name: 'Save changes' }).click();
  await expect(notification(page, 'success', 'User updated')).toBeVisible();
  await expect(mfa.getByText(`Codes are sent to the phone number ending in ${lastFour}.`)).toBeVisible();
  // Turning it on proves the phone: the password, and the code sent to it.
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step verification' });
  await dialog.getByLabel('Current password').fill(account.password);
  const before = lastMessageId(phone, 'sms');
  await dialog.getByRole('button', { name: 'Send me a code' }).click();
  const code = codeIn((await newestMessage(phone, 'sms', { newerThan: before })).text);
  await dialog.getByLabel(/^Code/).fill(code);
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(notification(page, 'success', 'Multi-Factor Authentication updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeChecked();
  await expect(page.getByRole('region', { name: 'Sofia Berrada' })).toContainText(`On · …${lastFour}`);
  await expectNoAxeViolations(page);

  await logInOnScreen(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Verification Code Sent To ...${lastFour}`,
  );
});

test("a system administrator changes another user's role by their ID", async ({ page }) => {
  // Registration, invitation and two sign-ins before the form: 28–34 s measured on a busy 2-core machine.
  test.slow();
  const other: Account = await registerAndConfirm(page.request, {
    firstName: 'Omar',
    lastName: 'Fassi',
    label: 'profile-role',
  });
  // Roles are held in an organisation (decision 17): Omar joins the demo one, by invitation, to be given one.
  const link = await inviteToDemoOrganisation(page.request, other.email);
  const { access_token } = await logInThroughApi(page.request, other);
  const accepted = await page.request.post(`/api/organisation${link}/accept`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await storeTokens(page, await demoTokens(page.request, 'sysadmin@example.com'));
  await page.goto('/profile');
  const admin = section(page, 'Administration');
  await expect(admin).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Role' })).toHaveValue('ROLE_SYSADMIN');
  await expectNoAxeViolations(page);

  await admin.getByLabel('User ID').fill(String(other.id));
  await admin.getByRole('button', { name: 'Load' }).click();
  await expect(admin.getByText(`Changes apply to user #${other.id}.`, { exact: false })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Role' }).selectOption('ROLE_MANAGER');
  await admin.getByRole('button', { name: 'Change role' }).click();
  await expect(notification(page, 'success', 'Role updated successfully')).toBeVisible();
  await expect(
    admin.getByText(
      `Changes apply to Omar Fassi (${other.email}), user #${other.id}: now Manager, enabled, not locked.`,
    ),
  ).toBeVisible();
  // The sysadmin's own account is unchanged.
  await expect(page.getByRole('region', { name: 'Maryam Laurent' })).toContainText('Owner');
  await expectNoAxeViolations(page);

  // The user sees the new role on their own profile.
  await storeTokens(page, await logInThroughApi(page.request, other));
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Omar Fassi' })).toContainText('Manager');
  await expect(section(page, 'Administration')).toHaveCount(0);
});

test('on a 375 px phone the whole page, administration included, fits the screen’s width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await storeTokens(page, await demoTokens(page.request, 'sysadmin@example.com'));
  await page.goto('/profile');
  await expect(section(page, 'Administration')).toBeVisible();
  await expect(section(page, 'Recent activity').getByRole('table')).toBeVisible();
  // Only the activity table scrolls, inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});
