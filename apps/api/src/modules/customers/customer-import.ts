/**
 * Customers from a CSV file (issue 24, POST /customer/import): the first line names the columns (any order, case
 * and spaces ignored); each row is checked with the customer form's own schema. All are written in one
 * transaction, or none: a row refused means nothing is imported, and the report says which rows and why.
 */
import { parse } from 'csv-parse/sync';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MAX_ROWS,
  CreateCustomerSchema,
  type CreateCustomer,
  type ImportReport,
} from '@app/contracts';
import { AppError } from '../../lib/app-error.js';

/** The request's field of each column. */
const FIELDS: Record<(typeof CUSTOMER_IMPORT_COLUMNS)[number], keyof CreateCustomer> = {
  Name: 'name',
  Email: 'email',
  Address: 'address',
  Phone: 'phone',
  Type: 'type',
  Status: 'status',
  'Image URL': 'imageUrl',
};

const normalised = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** The customers of the file, or the report of its refused rows; a file that cannot be read is a 400. */
export function readCustomersCsv(
  csv: string,
): { customers: CreateCustomer[] } | { refused: ImportReport['refused'] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With its line in the file, for the report (a quoted field may hold line breaks, and empty lines are skipped).
    // `info: true` makes each record { record, info }, which the library's types do not follow.
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    throw AppError.badRequest(`The file is not a CSV file that can be read: ${(error as Error).message}`);
  }
  const [first, ...rows] = records;
  const header = first?.record;
  const positions = new Map((header ?? []).map((name, index) => [normalised(name), index]));
  const missing = CUSTOMER_IMPORT_COLUMNS.filter((column) => !positions.has(normalised(column)));
  if (missing.length > 0) {
    throw AppError.badRequest(
      `The first line must name the columns ${CUSTOMER_IMPORT_COLUMNS.join(', ')}; missing: ${missing.join(', ')}`,
    );
  }
  if (rows.length === 0) throw AppError.badRequest('The file has no customer after its first line');
  if (rows.length > CUSTOMER_IMPORT_MAX_ROWS) {
    throw AppError.badRequest(
      `A file holds at most ${CUSTOMER_IMPORT_MAX_ROWS} customers; this one ${rows.length}`,
    );
  }
  const customers: CreateCustomer[] = [];
  const refused: ImportReport['refused'] = [];
  rows.forEach(({ record: row, info }) => {
    const values = Object.fromEntries(
      CUSTOMER_IMPORT_COLUMNS.map((column) => [
        FIELDS[column],
        row[positions.get(normalised(column)) ?? -1] ?? '',
      ]),
    );
    const read = CreateCustomerSchema.safeParse(values);
    if (read.success) customers.push(read.data);
    else
      refused.push({
        line: info.lines,
        problems: read.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? '');
          const column = CUSTOMER_IMPORT_COLUMNS.find((name) => FIELDS[name] === field) ?? field;
          return `${column}: ${issue.message}`;
        }),
      });
  });
  return refused.length > 0 ? { refused } : { customers };
}
