/**
 * Mes Fichiers in Chromium against the real server, with the seeded demo accounts (the suite may not
 * register more): a file chosen in the browser's file dialog is uploaded, listed with its size,
 * downloaded back byte for byte under its name and deleted after confirming; a file whose content lies
 * about its type is refused with the server's reason; another account sees none of it and gets 404s;
 * the page keeps to a 375 px phone; axe on every state. The tests share the demo user's files, so they
 * run one after the other and each removes what it added.
 */
import fs from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demoTokens, signInAs } from './support/demo-accounts';
import { expect, expectNoAxeViolations, test } from './support/test';

test.describe.configure({ mode: 'serial' });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const filesTable = (page: Page) => page.getByRole('table', { name: /^Your files, newest first/ });
const EMPTY = 'No files yet. Upload one to keep it here.';

/** Writes a file where the test keeps its output, as a person's file on their disk. */
function fileOnDisk(testInfo: TestInfo, name: string, bytes: Buffer): string {
  const file = testInfo.outputPath(name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A size of less than 1 MB as the list shows it: "6.2 KB", one decimal under 10 KB. */
function shownSize(bytes: number): string {
  const kb = bytes / 1024;
  return `${kb < 10 ? Math.round(kb * 10) / 10 : Math.round(kb)} KB`;
}

/** Chooses a file in the dialog that 'Upload a file' opens. */
async function uploadThroughDialog(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles(file);
  // As a person's pointer moves on: a filled button under the pointer is drawn a shade lighter.
  await page.mouse.move(0, 0);
}

/** A real workbook, as a spreadsheet program writes one. */
async function workbookBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Dépenses');
  sheet.addRows([
    ['Poste', 'Montant'],
    ['Loyer', 650],
    ['Électricité', 72.4],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function apiFiles(request: APIRequestContext, token: string) {
  const answer = await request.get('/api/files', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { files: Array<{ id: number; name: string }> } }).data.files;
}

test('a file uploaded, listed with its size, downloaded byte for byte and deleted', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'user@example.com');
  await page.goto('/files');
  await expect(heading(page)).toHaveText('Mes Fichiers');
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByText('Storage used: 0 B of 100 MB (0 files)')).toBeVisible();
  await expectNoAxeViolations(page);

  const name = 'Budget été 2026.xlsx';
  const bytes = await workbookBytes();
  await uploadThroughDialog(page, fileOnDisk(testInfo, name, bytes));
  await expect(
    page.locator('.notification-success').filter({ hasText: `"${name}" uploaded.` }),
  ).toBeVisible();

  const row = filesTable(page).getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell')).toHaveText([
    name,
    'Excel workbook',
    shownSize(bytes.length),
    /^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    'DownloadDelete',
  ]);
  await expect(page.getByRole('progressbar', { name: 'Storage used' })).toBeVisible();
  await expect(page.getByText(/^Storage used: [\d.]+ KB of 100 MB \(1 file\)$/)).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${name}` }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(name);
  expect(fs.readFileSync(await saved.path())).toEqual(bytes);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this file?' });
  await expect(dialog).toContainText(`"${name}"`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.locator('.notification-success').filter({ hasText: `"${name}" deleted.` })).toBeVisible();
});

test('a file whose content lies about its type is refused with the reason', async ({ page }, testInfo) => {
  await signInAs(page, 'user@example.com');
  await page.goto('/files');
  await expect(page.getByText(EMPTY)).toBeVisible();

  // A web page renamed as a picture: the browser calls it image/png, the server reads the bytes.
  const lie = fileOnDisk(testInfo, 'photo.png', Buffer.from('<!doctype html><script>alert(1)</script>'));
  await uploadThroughDialog(page, lie);
  const banner = page.getByRole('alert').filter({ hasText: 'photo.png' }).first();
  await expect(banner).toContainText('"photo.png" is not a real PNG image (its content is text).');
  await expectNoAxeViolations(page);
  await expect(page.getByText(EMPTY)).toBeVisible();

  // A program is stopped before it is sent.
  await uploadThroughDialog(page, fileOnDisk(testInfo, 'setup.exe', Buffer.from('MZ\x90\x00', 'latin1')));
  await expect(page.getByRole('alert').filter({ hasText: 'setup.exe' }).first()).toContainText(
    '"setup.exe" is not a type of file kept here.',
  );
  await expect(page.getByText(EMPTY)).toBeVisible();
});

test("another account sees none of a user's files and cannot reach them", async ({ page, request }) => {
  const user = await demoTokens(request, 'user@example.com');
  const manager = await demoTokens(request, 'manager@example.com');
  const content = Buffer.from('Nom;Montant\nÉlodie;12,50\n');
  const uploaded = await request.post('/api/files', {
    headers: { Authorization: `Bearer ${user.access_token}` },
    multipart: { file: { name: 'clients-privés.csv', mimeType: 'text/csv', buffer: content } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id } = ((await uploaded.json()) as { data: { file: { id: number } } }).data.file;

  try {
    await signInAs(page, 'manager@example.com');
    await page.goto('/files');
    await expect(heading(page)).toHaveText('Mes Fichiers');
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(page.getByText('clients-privés.csv')).toHaveCount(0);
    await expectNoAxeViolations(page);

    const asManager = { headers: { Authorization: `Bearer ${manager.access_token}` } };
    for (const answer of [
      await request.get(`/api/files/${id}/download`, asManager),
      await request.delete(`/api/files/${id}`, asManager),
    ]) {
      expect(answer.status()).toBe(404);
      expect(((await answer.json()) as { reason: string }).reason).toBe(`No file with ID ${id}`);
    }
    expect((await apiFiles(request, user.access_token)).map((f) => f.name)).toContain('clients-privés.csv');
  } finally {
    await request.delete(`/api/files/${id}`, { headers: { Authorization: `Bearer ${user.access_token}` } });
  }
});

test('on a 375 px phone the page keeps to the screen and the list scrolls sideways', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'user@example.com');
  await page.goto('/files');
  await expect(page.getByText(EMPTY)).toBeVisible();
  const name = 'رسالة طويلة إلى المحاسب بخصوص فاتورة شهر مارس.txt';
  await uploadThroughDialog(page, fileOnDisk(testInfo, name, Buffer.from('السلام عليكم\n')));
  await expect(filesTable(page)).toBeVisible();
  await expect(page.getByRole('button', { name: `Download ${name}` })).toBeAttached();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const region = page.getByRole('region', { name: /^Your files, newest first/ });
  expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  // The buttons at the end of the row are reached by scrolling the table, not the page.
  const remove = page.getByRole('button', { name: `Delete ${name}` });
  await remove.scrollIntoViewIfNeeded();
  await expect(remove).toBeInViewport();
  await expectNoAxeViolations(page);

  await remove.click();
  await page
    .getByRole('dialog', { name: 'Delete this file?' })
    .getByRole('button', { name: 'Delete file' })
    .click();
  await expect(page.getByText(EMPTY)).toBeVisible();
});
