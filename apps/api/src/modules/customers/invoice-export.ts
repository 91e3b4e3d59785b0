/**
 * GET /customer/invoice/export (issue 24): every invoice the list's filters find, as CSV or as an Excel file, in
 * the order of their numbers. The invoices are read in keyset batches by id, so memory stays flat whatever their
 * number; the Excel file is written to a temporary file first, as the customer report is (customers-report.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { InvoiceFilterQuery } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, asc, gt } from '../../db/orm.js';
import { customers, invoices } from '../../db/schema.js';
import { conditionsOf } from './invoice-list.js';
import { invoiceCustomer, toApiInvoice } from './invoices.repository.js';

const BATCH_SIZE = 2000;

const COLUMNS = [
  'Invoice Number',
  'Customer',
  'Date',
  'Due Date',
  'Status',
  'Services',
  'Total',
  'Tax',
  'Amount Due',
  'Paid',
  'Balance Due',
] as const;
type Cell = string | number;

async function* invoiceRows(db: Queryable, organisationId: number, filters: InvoiceFilterQuery) {
  const where = conditionsOf(organisationId, filters);
  for (let afterId = 0; ;) {
    const batch = await db
      .select({ invoice: invoices, customer: customers.name })
      .from(invoices)
      .innerJoin(customers, invoiceCustomer)
      .where(and(where, gt(invoices.id, afterId)))
      .orderBy(asc(invoices.id))
      .limit(BATCH_SIZE);
    for (const row of batch) {
      const invoice = toApiInvoice(row.invoice);
      const cells: Cell[] = [
        invoice.invoiceNumber,
        row.customer,
        invoice.date,
        invoice.dueDate,
        invoice.status,
        invoice.services,
        invoice.total,
        Math.round((invoice.amountDue - invoice.total) * 100) / 100,
        invoice.amountDue,
        invoice.amountPaid,
        invoice.balanceDue,
      ];
      yield cells;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH_SIZE) return;
    afterId = last.invoice.id;
  }
}

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A text a spreadsheet would read
 * as a formula (=, +, -, @ first) is written after an apostrophe, so opening the file runs nothing.
 */
export function csvField(cell: Cell): string {
  if (typeof cell === 'number') return cell.toFixed(2);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV as a stream: a byte-order mark (so Excel reads UTF-8: accents and Arabic), the header, the rows. */
export function invoicesCsv(db: Queryable, organisationId: number, filters: InvoiceFilterQuery): Readable {
  async function* lines() {
    yield `\uFEFF${COLUMNS.join(',')}\r\n`;
    for await (const cells of invoiceRows(db, organisationId, filters))
      yield `${cells.map(csvField).join(',')}\r\n`;
  }
  return Readable.from(lines());
}

/** The Excel file, written under `dir`; `remove` deletes it once sent. */
export async function invoicesWorkbook(
  db: Queryable,
  organisationId: number,
  filters: InvoiceFilterQuery,
  dir: string,
): Promise<{ file: string; size: number; remove: () => void }> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `invoices-${randomUUID()}.xlsx`);
  const remove = () => fs.rm(file, { force: true }, () => {});
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Invoices', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map((header) => ({ header, width: header === 'Services' ? 48 : 16 }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for await (const cells of invoiceRows(db, organisationId, filters)) sheet.addRow(cells).commit();
    sheet.commit();
    await workbook.commit();
    return { file, size: fs.statSync(file).size, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
