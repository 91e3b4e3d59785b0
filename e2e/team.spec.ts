/**
 * Organisations in Chromium against the real server (decision 17): the demo organisation's owner invites a
 * newcomer from the Team page, who opens the link of the e-mail, creates their account, logs in and finds
 * the organisation's team; the owner then changes their role, which opens the creation forms to them. And
 * a member of two organisations moves between them with the profile menu's switcher, the dashboard's totals
 * following. axe on the Team page and the invitation page.
 *
 * No account is registered here (the suite's one address may register 10 an hour, and the other files use
 * them): invitations create the accounts. This file logs in 3 times besides the demo owner's shared session.
 */
import type { Page } from '@playwright/test';
import {
  invitationPath,
  logInThroughApi,
  newestMessage,
  PASSWORD,
  uniqueEmail,
  type Account,
} from './support/accounts';
import { inviteToDemoOrganisation, signInAs } from './support/demo-accounts';
import { expect, expectNoAxeViolations, test } from './support/test';
import { useLoginForm } from './support/login-form';

const DEMO_ORGANISATION = 'Coran-Hadith, Inc.';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const notification = (page: Page, kind: 'success' | 'error', text: string) =>
  page.locator(`.notification-${kind}`).getByText(text, { exact: true });
/** The figure under a stat card's label on the dashboard. */
const stat = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

/** A name of its own, so that a run repeated on the same server finds no namesake. */
function uniqueNames(firstName: string) {
  const suffix = Date.now().toString(36).slice(-5);
  return { firstName, lastName: `Saidi ${suffix}` };
}

async function logInOnScreen(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await useLoginForm(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('the owner invites a newcomer, who creates their account from the e-mail and joins; then a new role', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people in two browsers, a sign-up, a login and two axe checks: more than the default 30 s.
  test.slow();
  await signInAs(page, 'sysadmin@example.com');
  await page.goto('/team');
  await expect(heading(page)).toHaveText('Team');
  await expect(section(page, 'Organisation').getByText(DEMO_ORGANISATION, { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: `Members of ${DEMO_ORGANISATION}` })).toBeVisible();
  await expectNoAxeViolations(page);

  const email = uniqueEmail('team-invited');
  const invite = section(page, 'Invite someone');
  await invite.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await invite.getByRole('combobox', { name: /^Role/ }).selectOption('ROLE_USER');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(notification(page, 'success', `Invitation sent to ${email}`)).toBeVisible();
  await expect(
    section(page, 'Pending invitations').getByRole('cell', { name: email, exact: true }),
  ).toBeVisible();

  // The invited person, in a browser of their own, opens the link of the e-mail.
  const link = invitationPath((await newestMessage(email, 'email')).text);
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(heading(invited)).toHaveText(
    `Maryam Laurent invites you to join ${DEMO_ORGANISATION} as User`,
  );
  await expect(invited.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await expectNoAxeViolations(invited);

  const names = uniqueNames('Karim');
  const fullName = `${names.firstName} ${names.lastName}`;
  await invited.getByLabel(/^First Name/).fill(names.firstName);
  await invited.getByLabel(/^Last Name/).fill(names.lastName);
  await invited.getByLabel(/^Password/).fill(PASSWORD);
  await invited.getByRole('button', { name: 'Create account and join' }).click();
  await expect(heading(invited)).toHaveText('User account created for user Karim. You can log in now.');

  // Logging in opens the organisation's team: the account is a member already.
  await invited.getByRole('link', { name: 'Account Login' }).click();
  await logInOnScreen(invited, { email, password: PASSWORD });
  await expect(heading(invited)).toHaveText('Team');
  await expect(section(invited, 'Organisation').getByText(DEMO_ORGANISATION, { exact: true })).toBeVisible();
  const ownRow = invited.getByRole('row', { name: new RegExp(`^${fullName}`) });
  await expect(ownRow).toContainText('User');
  await expect(section(invited, 'Invite someone')).toHaveCount(0);

  // A user may not create customers: no link to the form, and the form's address says why.
  await invited.goto('/customers/new');
  await expect(
    invited.getByText(
      `Your role (User) cannot create customers; ask an administrator of ${DEMO_ORGANISATION}`,
    ),
  ).toBeVisible();
  const businessNav = invited.getByRole('navigation', { name: 'Customers and invoices' });
  await expect(businessNav.getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(businessNav.getByRole('link', { name: 'New Customer' })).toHaveCount(0);

  // The owner makes them an administrator, and the form opens to them.
  await page.reload();
  await page.getByRole('combobox', { name: `Role of ${fullName}` }).selectOption('ROLE_ADMIN');
  await page.getByRole('button', { name: `Change the role of ${fullName}` }).click();
  await expect(notification(page, 'success', 'Role updated successfully')).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Role of ${fullName}` })).toHaveValue('ROLE_ADMIN');

  await invited.reload();
  await expect(invited.getByRole('button', { name: 'Save Customer' })).toBeVisible();
  await expect(businessNav.getByRole('link', { name: 'New Customer' })).toBeVisible();
  await context.close();
});

test('a member of two organisations logs in from the link, accepts, and switches between them', async ({
  page,
}) => {
  // Set-up through the API, a login on screen and three dashboards: more than the default 30 s.
  test.slow();
  // A person invited to the demo organisation, who left it for one of their own (with one customer), and
  // is invited back: the set-up goes through the API, the Team page's own controls being tested above.
  const email = uniqueEmail('team-switch');
  const names = uniqueNames('Samira');
  const ownOrganisation = `${names.firstName} ${names.lastName}`;
  const firstLink = await inviteToDemoOrganisation(page.request, email, 'ROLE_MANAGER');
  const key = firstLink.split('/').pop() ?? '';
  const signedUp = await page.request.post(`/api/organisation/invitation/${key}/signup`, {
    data: { ...names, password: PASSWORD },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const { id } = ((await signedUp.json()) as { data: { user: { id: number } } }).data.user;
  const account: Account = { id, email, password: PASSWORD, ...names };
  const { access_token } = await logInThroughApi(page.request, account);
  const headers = { Authorization: `Bearer ${access_token}` };
  const left = await page.request.delete(`/api/organisation/members/${id}`, { headers });
  expect(left.ok(), await left.text()).toBe(true);
  const created = await page.request.post('/api/customer/create', {
    headers,
    data: {
      name: 'Librairie Al-Andalus',
      email: 'librairie@example.com',
      address: '8 rue des Écoles, 75005 Paris',
      phone: '+33 1 23 45 67 89',
      type: 'INSTITUTION',
      status: 'ACTIVE',
      imageUrl: '/assets/avatars/institution-1.svg',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const secondLink = await inviteToDemoOrganisation(page.request, email, 'ROLE_MANAGER');

  // Signed out, the link asks to log in first, and the login screen brings the person back to accept.
  await page.goto(secondLink);
  await expect(heading(page)).toHaveText(
    `Maryam Laurent invites you to join ${DEMO_ORGANISATION} as Manager`,
  );
  await page.getByRole('link', { name: 'Log in to accept' }).click();
  await logInOnScreen(page, account);
  await expect(page).toHaveURL(new RegExp(`${secondLink}$`));
  await page.getByRole('button', { name: 'Accept invitation' }).click();

  // The dashboard of the organisation joined: the demo's 50 customers and more.
  await expect(page).toHaveURL(/\/home$/);
  await expect(heading(page)).toHaveText('Dashboard');
  await expect(stat(page, 'Total Customers')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const demoTotal = Number((await stat(page, 'Total Customers').textContent())?.replace(/,/g, ''));
  expect(demoTotal).toBeGreaterThanOrEqual(50);

  // The switcher: the current organisation marked, the other one chosen.
  // The profile menu is named by the user, whose own organisation bears their name too.
  const profileMenu = page.getByRole('button', { name: ownOrganisation, exact: true });
  await profileMenu.click();
  const organisations = page.getByRole('list', { name: 'Organisations' });
  const demo = organisations.getByRole('button', {
    name: new RegExp(`^${DEMO_ORGANISATION.replace('.', '\\.')}`),
  });
  const own = organisations.getByRole('button', { name: new RegExp(`^${ownOrganisation}`) });
  await expect(demo).toHaveAttribute('aria-current', 'true');
  await expect(own).not.toHaveAttribute('aria-current', 'true');
  await own.click();
  await expect(notification(page, 'success', 'Organisation switched')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(stat(page, 'Total Customers')).toHaveText('1');
  await expect(page.getByRole('cell', { name: 'Librairie Al-Andalus', exact: true })).toBeVisible();

  await page.goto('/team');
  await expect(section(page, 'Organisation').getByText(ownOrganisation, { exact: true })).toBeVisible();
  await expect(section(page, 'Organisation')).toContainText('Owner');

  // And back: the demo organisation's totals again (other tests may be adding customers to it meanwhile).
  await profileMenu.click();
  await demo.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(stat(page, 'Total Customers')).not.toHaveText('1');
  await expect(stat(page, 'Total Customers')).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const again = Number((await stat(page, 'Total Customers').textContent())?.replace(/,/g, ''));
  expect(again).toBeGreaterThanOrEqual(demoTotal);
});
