/**
 * The signed-in tools in Chromium against the real server and its demo data: the Calendrier (this month's
 * invoices on their dates and due dates, navigation by mouse and keyboard, an entry opening its invoice,
 * overdue invoices framed) and Mes classes (lessons marked done and not done, the progress and the next
 * lesson, the progress found again in another browser as on another device), on a desktop and on a
 * 375 px phone, with axe on each screen.
 *
 * The calendar reads as user@example.com. Progress is kept as sysadmin@example.com, whose lessons no other
 * spec touches; the test still clears them first, so it does not depend on an earlier run.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { demoTokens, signInAs } from './support/demo-accounts';
import { expect, expectNoAxeViolations, test } from './support/test';

type CalendarInvoice = {
  id: number;
  invoiceNumber: string;
  date: string;
  dueDate: string;
  status: string;
};

/** Today in the browser's calendar, as the page sees it. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

/** "November 2026" for a day of that month: the calendar's title, worked out here independently of the app. */
const monthTitle = (isoDate: string) =>
  new Date(`${isoDate.slice(0, 7)}-01T12:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The first and last day of the month of a date, and of the months before it. */
function monthBounds(isoDate: string, monthsBack = 0): { first: string; last: string } {
  const base = new Date(
    Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1 - monthsBack, 1),
  );
  const last = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + 1, 0));
  return { first: base.toISOString().slice(0, 10), last: last.toISOString().slice(0, 10) };
}

/** What the server answers for a range, read with the account's own token. */
async function calendarApi(request: APIRequestContext, token: string, from: string, to: string) {
  const answer = await request.get(`/api/calendar/invoices?from=${from}&to=${to}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { invoices: CalendarInvoice[] } }).data.invoices;
}

const dayCell = (page: Page, day: string) =>
  page.locator('td').filter({ has: page.locator(`time[datetime="${day}"]`) });
const entryHref = (invoice: CalendarInvoice) => `/invoices/${invoice.id}/${invoice.invoiceNumber}`;
const isOverdue = (invoice: CalendarInvoice, today: string) =>
  invoice.status === 'OVERDUE' || (invoice.status === 'PENDING' && invoice.dueDate < today);

test.describe('Calendrier', () => {
  test("shows this month's invoices on their dates and due dates, and opens an invoice", async ({ page }) => {
    const tokens = await signInAs(page, 'user@example.com');
    await page.goto('/feature');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendrier');
    const today = await browserToday(page);
    const { first, last } = monthBounds(today);
    const grid = page.getByRole('table', { name: monthTitle(today) });
    await expect(grid).toBeVisible();
    await expect(dayCell(page, today)).toHaveAttribute('aria-current', 'date');

    // Every invoice the server has for this month is drawn on its day, issued or due, as a link to it.
    const invoices = await calendarApi(page.request, tokens.access_token, first, last);
    const issued = invoices.filter((i) => i.date >= first && i.date <= last);
    const due = invoices.filter((i) => i.dueDate >= first && i.dueDate <= last);
    expect(issued.length + due.length).toBeGreaterThan(0);
    for (const invoice of issued) {
      const link = dayCell(page, invoice.date).locator(`a[data-kind="issued"][href="${entryHref(invoice)}"]`);
      await expect(link).toHaveAccessibleName(
        new RegExp(`Issued ${invoice.status}, ${invoice.invoiceNumber}, `),
      );
    }
    for (const invoice of due) {
      const link = dayCell(page, invoice.dueDate).locator(`a[data-kind="due"][href="${entryHref(invoice)}"]`);
      await expect(link).toHaveAccessibleName(
        new RegExp(`Due ${invoice.status}, ${invoice.invoiceNumber}, `),
      );
    }
    await expect(page.getByText(`${issued.length} issued, ${due.length} due`)).toBeVisible();
    await expectNoAxeViolations(page);

    // By keyboard: the entry is a link, Enter opens the invoice.
    const target = issued[0] ?? due[0];
    if (!target) throw new Error('no invoice this month');
    await page
      .locator(`a[href="${entryHref(target)}"]`)
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${entryHref(target)}$`));
    await expect(page.getByText(target.invoiceNumber).first()).toBeVisible();
    // Back returns to the same month.
    await page.goBack();
    await expect(page.getByRole('table', { name: monthTitle(today) })).toBeVisible();
  });

  test('makes overdue invoices stand out', async ({ page }) => {
    const tokens = await signInAs(page, 'user@example.com');
    await page.goto('/feature');
    const today = await browserToday(page);
    // The demo invoices are spread over a year: find a month with an overdue one, this month first.
    let found: { month: { first: string; last: string }; invoice: CalendarInvoice; day: string } | undefined;
    for (let back = 0; back < 12 && !found; back++) {
      const month = monthBounds(today, back);
      const invoices = await calendarApi(page.request, tokens.access_token, month.first, month.last);
      const invoice = invoices.find(
        (i) => isOverdue(i, today) && i.dueDate >= month.first && i.dueDate <= month.last,
      );
      if (invoice) found = { month, invoice, day: invoice.dueDate };
    }
    if (!found) throw new Error('no overdue invoice in the demo data');
    await page.goto(`/feature?view=month&date=${found.month.first}`);
    const entry = dayCell(page, found.day).locator(`a[data-kind="due"][href="${entryHref(found.invoice)}"]`);
    await expect(entry).toHaveAccessibleName(/^Overdue, Due /);
    await expect(entry.getByText('Overdue', { exact: true })).toBeVisible();
    // Framed: a thick inset frame that entries on time do not have.
    expect(await entry.evaluate((e) => getComputedStyle(e).boxShadow)).toMatch(/inset/);
    const onTime = page.locator('a[data-kind]:not([aria-label^="Overdue"])').first();
    if ((await onTime.count()) > 0) {
      expect(await onTime.evaluate((e) => getComputedStyle(e).boxShadow)).toBe('none');
    }
    await expect(page.getByText(/\d+ overdue/)).toBeVisible();
  });

  test('moves by month and week, with the mouse and the keyboard', async ({ page }) => {
    await signInAs(page, 'user@example.com');
    await page.goto('/feature');
    const today = await browserToday(page);
    const next = monthBounds(today, -1).first;
    const previous = monthBounds(today, 1).first;

    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('table', { name: monthTitle(next) })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`view=month&date=${next}`));
    // Two presses in a row, faster than the page redraws: two months back.
    await page.getByRole('button', { name: 'Previous month' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: monthTitle(previous) })).toBeVisible();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByRole('table', { name: monthTitle(today) })).toBeVisible();

    // The view is a radio group: the arrow keys choose the week.
    await page.getByRole('radio', { name: 'Month' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    const week = page.getByRole('table', { name: /^[A-Z][a-z]{2} \d{1,2}(, \d{4})? – / });
    await expect(week).toBeVisible();
    await expect(week.locator('tbody tr')).toHaveCount(1);
    await expect(week.locator('tbody td')).toHaveCount(7);
    await expect(dayCell(page, today)).toHaveAttribute('aria-current', 'date');
    await expectNoAxeViolations(page);
    const title = await week.getAttribute('aria-labelledby');
    const before = await page.locator(`[id="${title}"]`).textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.locator(`[id="${title}"]`)).not.toHaveText(before ?? '');
    await expect(page.locator('tbody td[aria-current="date"]')).toHaveCount(0);
  });

  test('lists the days on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, 'user@example.com');
    await page.goto('/feature');
    const today = await browserToday(page);
    const list = page.getByRole('list', { name: monthTitle(today) });
    await expect(list).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(list.getByRole('link').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);

    // The radio itself is hidden under its label, which is what a finger taps.
    await page.locator('label', { hasText: /^Week$/ }).click();
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    const week = page.getByRole('list', { name: /–/ });
    await expect(week.getByRole('heading', { level: 3 })).toHaveCount(7);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test('sends a signed-out visitor to the login screen', async ({ page }) => {
    await page.goto('/feature');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Mes classes', () => {
  const ACCOUNT = 'sysadmin@example.com';

  /** Clears the account's progress through the API, so the test starts from no lesson done. */
  async function clearProgress(request: APIRequestContext) {
    const { access_token } = await demoTokens(request, ACCOUNT);
    const headers = { Authorization: `Bearer ${access_token}` };
    const answer = await request.get('/api/progress', { headers });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { data } = (await answer.json()) as { data: { lessons: { slug: string }[] } };
    for (const lesson of data.lessons) {
      expect((await request.delete(`/api/progress/lessons/${lesson.slug}`, { headers })).ok()).toBe(true);
    }
  }

  const lessonBox = (page: Page, numero: number) =>
    page.getByRole('checkbox', { name: new RegExp(`^Cours ${numero} : `) });

  test('marks lessons done, shows the progress and the next lesson, on every device', async ({
    page,
    browser,
    baseURL,
  }) => {
    await clearProgress(page.request);
    await signInAs(page, ACCOUNT);
    await page.goto('/classes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes classes');
    const overall = page.getByRole('progressbar', { name: "Progression dans le cours d'arabe" });
    await expect(overall).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByText(/^0 cours terminé sur \d+\.$/)).toBeVisible();
    const total = Number(
      /sur (\d+)/.exec((await page.getByText(/^0 cours terminé sur/).textContent()) ?? '')?.[1],
    );
    expect(total).toBeGreaterThan(2);
    await expect(page.getByRole('link', { name: /^Cours 1 : / }).first()).toHaveAttribute(
      'href',
      '/coursarabe#cours-1',
    );
    await expectNoAxeViolations(page);

    // Lesson 1 with its box, lesson 2 with the next-lesson button.
    await lessonBox(page, 1).check();
    await expect(page.getByText(`1 cours terminé sur ${total}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Marquer le cours 2 comme terminé' }).click();
    await expect(page.getByText(`2 cours terminés sur ${total}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marquer le cours 3 comme terminé' })).toBeVisible();
    await expect(overall).toHaveAttribute('aria-valuenow', String(Math.round((2 / total) * 100)));
    await expect(page.getByText(/^Terminé le /)).toHaveCount(2);

    // Another browser, as another device: the progress comes from the server.
    const other = await browser.newContext({ baseURL });
    try {
      const phone = await other.newPage();
      await phone.setViewportSize({ width: 375, height: 800 });
      await signInAs(phone, ACCOUNT);
      await phone.goto('/classes');
      await expect(phone.getByText(`2 cours terminés sur ${total}.`)).toBeVisible();
      await expect(lessonBox(phone, 1)).toBeChecked();
      await expect(lessonBox(phone, 2)).toBeChecked();
      await expect(lessonBox(phone, 3)).not.toBeChecked();
      await expect(phone.getByRole('link', { name: /^Cours 3 : / }).first()).toHaveAttribute(
        'href',
        '/coursarabe#cours-3',
      );
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(phone);

      // Undone there, undone here.
      await lessonBox(phone, 2).uncheck();
      await expect(phone.getByText(`1 cours terminé sur ${total}.`)).toBeVisible();
    } finally {
      await other.close();
    }
    await page.reload();
    await expect(page.getByText(`1 cours terminé sur ${total}.`)).toBeVisible();
    await expect(lessonBox(page, 2)).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Marquer le cours 2 comme terminé' })).toBeVisible();
  });
});
