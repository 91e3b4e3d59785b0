import { z } from './zod.js';
import { EmailSchema, requiredError, UserSchema } from './accounts.js';
import { successEnvelope } from './envelope.js';

/**
 * Who a business's invoices are from (issue 24): its name, address, phone, fax, website, billing e-mail and logo,
 * each organisation's own, edited by its owner. Nothing is printed that the business did not write: a business
 * that has written nothing yet prints its organisation's name alone.
 */

export const ADDRESS_LINES_MAX = 5;
/** The logo's largest file: it travels inside each invoice answer, for the page and its PDF. */
export const LOGO_MAX_BYTES = 100 * 1024;
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;

const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes a base64 text holds. */
const base64Bytes = (data: string) =>
  Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const LogoSchema = z
  .string()
  .regex(LOGO_DATA_URL, 'The logo must be a PNG or JPEG image')
  .refine(
    (url) => base64Bytes(LOGO_DATA_URL.exec(url)?.[2] ?? '') <= LOGO_MAX_BYTES,
    `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`,
  );

/** PUT /organisation/business-details: the whole 'from' block; empty texts are "none", a null logo is none. */
export const BusinessDetailsSchema = z.object({
  name: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, requiredError('Business name is required'))
    .max(100, 'Business name must be at most 100 characters'),
  addressLines: z
    .array(optionalText('An address line', 120))
    .max(ADDRESS_LINES_MAX, `An address has at most ${ADDRESS_LINES_MAX} lines`)
    .transform((lines) => lines.filter((line) => line !== '')),
  phone: optionalText('Phone', 40),
  fax: optionalText('Fax', 40),
  website: optionalText('Website', 200),
  billingEmail: z.union([z.string().trim().length(0), EmailSchema], {
    error: 'Enter a valid e-mail address',
  }),
  logo: LogoSchema.nullable(),
});
export type BusinessDetailsInput = z.input<typeof BusinessDetailsSchema>;

/** Who an invoice is from, as the answers give it (the printable invoice's 'from' block). */
export const CompanySchema = z.object({
  name: z.string(),
  addressLines: z.array(z.string()),
  phone: z.string(),
  fax: z.string(),
  website: z.string(),
  billingEmail: z.string(),
  /** A PNG or JPEG as a data: URL, or null. */
  logo: z.string().nullable(),
});
export type Company = z.infer<typeof CompanySchema>;

/** The details of a business that has written none yet: its organisation's name, nothing invented. */
export const companyNamed = (name: string): Company => ({
  name,
  addressLines: [],
  phone: '',
  fax: '',
  website: '',
  billingEmail: '',
  logo: null,
});

/**
 * Reminders of overdue invoices, by e-mail with the invoice (decision 24): one every `everyDays` days after the
 * due date, at most `limit`; none while `everyDays` is null (a business turns them on: its customers hear from it
 * only when it chose so).
 */
export const InvoiceRemindersSchema = z.object({
  everyDays: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be between 1 and 90')
    .max(90, 'Days must be between 1 and 90')
    .nullable(),
  limit: z
    .number({ error: 'The number of reminders must be a number' })
    .int('The number of reminders must be a whole number')
    .min(1, 'The number of reminders must be between 1 and 10')
    .max(10, 'The number of reminders must be between 1 and 10'),
});
export type InvoiceReminders = z.infer<typeof InvoiceRemindersSchema>;
export const REMINDERS_OFF: InvoiceReminders = { everyDays: null, limit: 3 };

/** GET and PUT /organisation/business-details: the details, and whether the caller may change them (owners). */
export const BusinessDetailsDataSchema = z.object({
  user: UserSchema,
  details: CompanySchema,
  reminders: InvoiceRemindersSchema,
  editable: z.boolean(),
});
export type BusinessDetailsData = z.infer<typeof BusinessDetailsDataSchema>;
export const BusinessDetailsAnswerSchema = successEnvelope(BusinessDetailsDataSchema);
export type BusinessDetailsAnswer = z.infer<typeof BusinessDetailsAnswerSchema>;
