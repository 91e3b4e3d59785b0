/**
 * GET /api/customer/download/report: an .xlsx read back with exceljs (sheet, bold header, every customer,
 * real dates), the headers the browser needs for the name and a true progress, the temporary file removed
 * after sending (also when the client goes away), and the envelope's 500 when the report cannot be made.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../src/db/orm.js';
import { REPORT_SHEET_NAME, writeCustomersReport } from '../src/modules/customers/customers-report.js';
import { businessDb, sharedOrganisation, signedInUser } from './support/accounts.js';
import { as, createCustomer, rows } from './support/customers.js';
import { expectFailure } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof as>;
let tmpRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t, 'ROLE_USER')).tokens.access;
  const admin = (await signedInUser(t, 'ROLE_ADMIN')).tokens.access;
  api = as(t, token);
  tmpRoot = path.join(t.config.dataDir, 'tmp');
  await createCustomer(t, admin, { name: 'Élodie Lefèvre', type: 'INDIVIDUAL', status: 'ACTIVE' });
  await createCustomer(t, admin, { name: 'Institut Ibn Rochd', type: 'INSTITUTION', status: 'BANNED' });
  await createCustomer(t, admin, { name: '=HYPERLINK("http://evil.example","x")', status: 'PENDING' });
});
afterAll(() => t.close());

const HEADERS = ['ID', 'Name', 'Email', 'Type', 'Status', 'Address', 'Phone', 'Created At'];

type StoredCustomer = {
  id: number;
  name: string;
  email: string;
  type: string;
  status: string;
  address: string;
  phone: string;
  created_at: string;
};

async function storedCustomers(): Promise<StoredCustomer[]> {
  return rows<StoredCustomer>(
    t,
    sql`SELECT id::int AS id, name, email, type, status, address, phone,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
        FROM customers ORDER BY id`,
  );
}

async function readSheet(content: Buffer | ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as ArrayBuffer);
  expect(workbook.worksheets.map((w) => w.name)).toEqual([REPORT_SHEET_NAME]);
  const sheet = workbook.getWorksheet(REPORT_SHEET_NAME);
  if (!sheet) throw new Error('no Customers sheet');
  return sheet;
}

function expectSheetHolds(sheet: ExcelJS.Worksheet, expected: StoredCustomer[]) {
  const header = sheet.getRow(1);
  expect(HEADERS.map((_, i) => header.getCell(i + 1).value)).toEqual(HEADERS);
  HEADERS.forEach((_, i) => expect(header.getCell(i + 1).font?.bold, HEADERS[i]).toBe(true));
  expect(sheet.actualRowCount).toBe(expected.length + 1);
  expected.forEach((c, index) => {
    const row = sheet.getRow(index + 2);
    const values = HEADERS.map((_, i) => row.getCell(i + 1).value);
    expect(values.slice(0, 7)).toEqual([c.id, c.name, c.email, c.type, c.status, c.address, c.phone]);
    const createdAt = values[7];
    expect(createdAt).toBeInstanceOf(Date);
    expect((createdAt as Date).toISOString()).toBe(c.created_at);
    expect(row.getCell(8).numFmt).toMatch(/yyyy-mm-dd/);
    expect(row.getCell(2).font?.bold).not.toBe(true);
  });
}

const tmpEntries = () => (fs.existsSync(tmpRoot) ? fs.readdirSync(tmpRoot) : []);

describe('the download', () => {
  it('sends the .xlsx with its type, length, name and attachment headers', async () => {
    const res = await api('GET', '/download/report');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['file-name']).toBe('customer-report.xlsx');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customer-report.xlsx"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expectSheetHolds(await readSheet(res.rawPayload), await storedCustomers());
  });

  it('keeps the content length even when the client accepts compression', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customer/download/report',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('stores a formula-like name as text, never as a formula', async () => {
    const res = await api('GET', '/download/report');
    const sheet = await readSheet(res.rawPayload);
    const names: unknown[] = [];
    sheet.eachRow((row, number) => number > 1 && names.push(row.getCell(2).value));
    expect(names).toContain('=HYPERLINK("http://evil.example","x")');
  });

  it('removes its temporary file once sent', async () => {
    await api('GET', '/download/report');
    await vi.waitFor(() => expect(tmpEntries()).toEqual([]));
  });

  it('removes its temporary file when the client goes away before the end', async () => {
    // Enough customers that the file is still being sent when the client hangs up.
    await (
      await businessDb(t)
    ).execute(sql`
      INSERT INTO customers (name, email, type, status, address, phone, image_url)
      SELECT 'Bulk customer ' || n, 'bulk' || n || '@example.com', 'INSTITUTION', 'INACTIVE',
             n || ' avenue Jean-Jaurès, 69007 Lyon', '+33 4 78 00 00 00', '/assets/avatars/institution-1.svg'
      FROM generate_series(1, 12000) AS n`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/customer/download/report',
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          expect(Number(response.headers['content-length'])).toBeGreaterThan(200_000);
          response.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(firstBytes).toBeGreaterThan(0);
    await vi.waitFor(() => expect(tmpEntries()).toEqual([]), { timeout: 5_000 });
  });
});

describe('the writer', () => {
  it('reads the customers in keyset batches and writes every one of them, by id', async () => {
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'report-test-'));
    const file = path.join(dir, 'small-batches.xlsx');
    await (await businessDb(t)).execute(sql`DELETE FROM customers WHERE name LIKE 'Bulk customer %'`);
    await writeCustomersReport(await businessDb(t), await sharedOrganisation(t), file, 2);
    expectSheetHolds(await readSheet(fs.readFileSync(file)), await storedCustomers());
    fs.rmSync(dir, { recursive: true });
  });
});

it('answers 500 "Unable to export report file" in the envelope when the report cannot be written', async () => {
  fs.rmSync(tmpRoot, { recursive: true, force: true });
  fs.writeFileSync(tmpRoot, 'a file where the temporary folder should be');
  try {
    expectFailure(await api('GET', '/download/report'), 500, 'Unable to export report file');
  } finally {
    fs.rmSync(tmpRoot);
  }
});
