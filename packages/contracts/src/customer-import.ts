import { z } from './zod.js';
import { UserSchema } from './accounts.js';
import { successEnvelope } from './envelope.js';

/**
 * POST /customer/import (issue 24): customers from a CSV file whose first line names the columns, as the customer
 * form has them. Every row is checked as the form's would be; if any is refused, none is imported, and the answer
 * lists each refused row with its reasons, so the file can be put right and sent again whole.
 */
export const CUSTOMER_IMPORT_COLUMNS = [
  'Name',
  'Email',
  'Address',
  'Phone',
  'Type',
  'Status',
  'Image URL',
] as const;
export const CUSTOMER_IMPORT_MAX_ROWS = 2000;
export const CUSTOMER_IMPORT_MAX_LENGTH = 1_000_000;

export const ImportCustomersSchema = z.object({
  csv: z
    .string({ error: 'Send the file as text in "csv"' })
    .min(1, 'The file is empty')
    .max(CUSTOMER_IMPORT_MAX_LENGTH, `The file must be at most ${CUSTOMER_IMPORT_MAX_LENGTH / 1_000_000} MB`),
});
export type ImportCustomers = z.infer<typeof ImportCustomersSchema>;

export const ImportReportSchema = z.object({
  imported: z.number().int(),
  /** Each refused row: its line in the file (the header is line 1) and why. */
  refused: z.array(z.object({ line: z.number().int(), problems: z.array(z.string()) })),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const ImportAnswerSchema = successEnvelope(z.object({ user: UserSchema, report: ImportReportSchema }));
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;
