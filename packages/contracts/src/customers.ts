import { z } from './zod.js';
import { EmailSchema, UserSchema } from './accounts.js';
import { successEnvelope } from './envelope.js';
import { IMAGE_URL_RULE, isCustomerImageUrl } from './customer-pictures.js';
import { InvoiceLinesSchema } from './invoice-lines.js';

/**
 * Customers and invoices: the requests of the /api/customer calls and what the API answers (REFERENCE §1).
 * The server validates with these schemas, the handlers are typed by them, and the customer and invoice
 * forms of the web app check the same rules before sending. Each message names the field it is about.
 */

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'INSTITUTION'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_STATUSES = ['ACTIVE', 'PENDING', 'BANNED', 'INACTIVE'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const INVOICE_STATUSES = ['PAID', 'PENDING', 'OVERDUE', 'CANCELED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Limits shared by the forms and the server (the database has the same checks where it can). */
export const CUSTOMER_NAME_MAX_LENGTH = 200;
export const INVOICE_SERVICES_MAX_LENGTH = 2000;
/** numeric(12,2): ten digits before the point, two after. */
export const INVOICE_TOTAL_MAX = 9_999_999_999.99;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** How many customers the invoice form's customer select receives at most (decision 0007). */
export const CUSTOMER_OPTIONS_LIMIT = 500;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Digits with an optional leading +, spaces, dots, dashes and brackets: national and international forms. */
export const CustomerPhoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .regex(
    /^\+?[0-9 ().-]{6,30}$/,
    'Enter a phone number of 6 to 30 digits (spaces, dashes, dots and + allowed)',
  );

/** Where a customer's picture may come from: https on another site, or this site's avatars (customer-pictures.ts). */
export const ImageUrlSchema = requiredText('Image URL', 2048).refine(isCustomerImageUrl, IMAGE_URL_RULE);

export const CustomerTypeSchema = z.enum(CUSTOMER_TYPES, {
  error: `Type must be one of ${CUSTOMER_TYPES.join(', ')}`,
});
export const CustomerStatusSchema = z.enum(CUSTOMER_STATUSES, {
  error: `Status must be one of ${CUSTOMER_STATUSES.join(', ')}`,
});
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES, {
  error: `Status must be one of ${INVOICE_STATUSES.join(', ')}`,
});

/** A database id: a positive whole number, from JSON or from a path or select value given as text. */
export const IdSchema = z.coerce
  .number({ error: 'ID must be a number' })
  .int('ID must be a whole number')
  .positive('ID must be a positive number');

export const CreateCustomerSchema = z.object({
  name: requiredText('Name', CUSTOMER_NAME_MAX_LENGTH),
  email: z.string({ error: 'Email is required' }).pipe(EmailSchema),
  address: requiredText('Address', 300),
  phone: CustomerPhoneSchema,
  type: CustomerTypeSchema,
  status: CustomerStatusSchema,
  imageUrl: ImageUrlSchema,
});
export type CreateCustomer = z.infer<typeof CreateCustomerSchema>;

/** The profile form sends the whole customer; fields it does not edit (createdAt, invoices) are ignored. */
export const UpdateCustomerSchema = CreateCustomerSchema.extend({ id: IdSchema });
export type UpdateCustomer = z.infer<typeof UpdateCustomerSchema>;

/**
 * An invoice total: more than 0, at most two decimals, at most 9 999 999 999.99 (numeric(12,2)).
 * A number or its text ("1250.5"), as form inputs give text; the result is a number.
 */
export const InvoiceTotalSchema = z
  .union([z.number(), z.string()], { error: 'Total must be a number' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const amount =
      typeof value === 'number' ? value : /^\+?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!Number.isFinite(amount)) return fail('Total must be a number');
    if (amount <= 0) return fail('Total must be greater than 0');
    if (amount > INVOICE_TOTAL_MAX) return fail('Total must be at most 9 999 999 999.99');
    // The shortest text of a JS number is what was typed, so "19.999" or 0.001 show their third decimal.
    if (!/^\+?\d*(\.\d{0,2})?$/.test(text)) return fail('Total can have at most 2 decimals');
    return amount;
  });

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused), within years the invoices can have. */
export const InvoiceDateSchema = z
  .string({ error: 'Date is required' })
  .trim()
  .pipe(z.iso.date('Date must be a real calendar date written YYYY-MM-DD'))
  .refine((value) => value >= '1900-01-01' && value <= '2999-12-31', 'Date must be between 1900 and 2999');

/**
 * A new invoice: its lines (issue 24), from which the server computes the services text and the total; or, as
 * the template sends it, a services text and a total that must add up (invoice-lines.ts, linesOfServices).
 */
export const CreateInvoiceFieldsSchema = z.object({
  services: requiredText('Services', INVOICE_SERVICES_MAX_LENGTH).optional(),
  customerId: z.coerce
    .number({ error: 'Customer is required' })
    .int('Customer must be a customer ID')
    .positive('Customer is required'),
  total: InvoiceTotalSchema.optional(),
  date: InvoiceDateSchema,
  status: InvoiceStatusSchema,
  lines: InvoiceLinesSchema.optional(),
});

export const CreateInvoiceSchema = CreateInvoiceFieldsSchema.superRefine((invoice, ctx) => {
  const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (invoice.lines) return;
  if (invoice.services === undefined) missing('services', 'Services is required');
  if (invoice.total === undefined) missing('total', 'Total must be a number');
});
export type CreateInvoice = z.infer<typeof CreateInvoiceSchema>;
export type CreateInvoiceInput = z.input<typeof CreateInvoiceSchema>;

/** Query values are text; an empty value (`?page=`) means "not given". */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const PageQuerySchema = z.object({
  page: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(0, 'Page must be 0 or more')
      .max(10_000_000, 'Page must be at most 10000000')
      .default(0),
  ),
  size: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'Size must be a number' })
      .int('Size must be a whole number')
      .min(1, 'Size must be at least 1')
      .max(PAGE_SIZE_MAX, `Size must be at most ${PAGE_SIZE_MAX}`)
      .default(PAGE_SIZE_DEFAULT),
  ),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

const SearchNameSchema = z
  .string()
  .trim()
  .max(CUSTOMER_NAME_MAX_LENGTH, `Name must be at most ${CUSTOMER_NAME_MAX_LENGTH} characters`);

/** `name` is searched case- and accent-insensitively anywhere in the customer name; empty finds all. */
export const SearchQuerySchema = PageQuerySchema.extend({ name: SearchNameSchema.default('') });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** `?name=` narrows the invoice form's customer select (decision 0007). */
export const CustomerOptionsQuerySchema = z.object({ name: SearchNameSchema.optional() });
export type CustomerOptionsQuery = z.infer<typeof CustomerOptionsQuerySchema>;

/**
 * GET /customer/with-email: the customers already using an e-mail (case ignored), so a form can ask before a
 * second customer is saved with it. Any text is looked up as it is: one that is no e-mail finds nobody.
 */
export const CustomersWithEmailQuerySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(320, 'Email is too long'),
});
export const CUSTOMERS_WITH_EMAIL_LIMIT = 5;

/** The answers. Dates are ISO 8601 text; an invoice `date` is a calendar date (YYYY-MM-DD). */
export const InvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  customerId: z.number().int(),
  /** Comma-separated entries "row description rate", e.g. "1 Web Design 200,2 SEO Work 100". */
  services: z.string(),
  status: z.enum(INVOICE_STATUSES),
  date: z.iso.date(),
  total: z.number(),
  createdAt: z.iso.datetime(),
  /** The invoice date + 30 days (SPEC §9's payment terms). */
  dueDate: z.iso.date(),
  /** What the customer owes: the total and its tax, the printed TOTAL. */
  amountDue: z.number(),
  /** Payments less refunds. */
  amountPaid: z.number(),
  balanceDue: z.number(),
  /** Why it was cancelled; null unless it was. */
  cancelReason: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const CustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  status: z.enum(CUSTOMER_STATUSES),
  imageUrl: z.string(),
  createdAt: z.iso.datetime(),
  /** What the customer was billed: its invoices' totals but the cancelled ones (as the dashboard's Total Billed). */
  totalBilled: z.number(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** A customer with its invoices, newest first (get, create and update answers). */
export const CustomerWithInvoicesSchema = CustomerSchema.extend({ invoices: z.array(InvoiceSchema) });
export type CustomerWithInvoices = z.infer<typeof CustomerWithInvoicesSchema>;

/** What the invoice form's customer select needs. */
export const CustomerOptionSchema = CustomerSchema.pick({ id: true, name: true, email: true });
export type CustomerOption = z.infer<typeof CustomerOptionSchema>;

/** An invoice of the invoice list, with whom it was billed to. */
export const InvoiceWithCustomerSchema = InvoiceSchema.extend({
  customer: CustomerSchema.pick({ id: true, name: true }),
});
export type InvoiceWithCustomer = z.infer<typeof InvoiceWithCustomerSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    /** How many items this page holds. */
    numberOfElements: z.number().int(),
    /** The page size asked for. */
    size: z.number().int(),
    /** The page index, from 0. */
    number: z.number().int(),
  });
}

/** A page of any item, as pageSchema describes it (a generic type, for the code that builds pages). */
export type Page<T> = Omit<z.infer<ReturnType<typeof pageSchema<z.ZodUnknown>>>, 'content'> & {
  content: T[];
};

export const StatsSchema = z.object({
  totalCustomers: z.number().int(),
  totalInvoices: z.number().int(),
  /** Sum of every invoice total, rounded to cents. */
  totalBilled: z.number(),
});
export type Stats = z.infer<typeof StatsSchema>;

export const CustomerListDataSchema = z.object({
  user: UserSchema,
  page: pageSchema(CustomerSchema),
  stats: StatsSchema,
});
export type CustomerListData = z.infer<typeof CustomerListDataSchema>;

export const CustomerSearchDataSchema = z.object({
  user: UserSchema,
  page: pageSchema(CustomerSchema).extend({
    /**
     * Whether a list narrowed by status or type, or sorted otherwise than newest first, holds more customers than it
     * counts and pages through (the first FILTERED_LIST_CAP). Always false for SPEC's search.
     */
    capped: z.boolean(),
  }),
});
export type CustomerSearchData = z.infer<typeof CustomerSearchDataSchema>;

export const CustomerDataSchema = z.object({ user: UserSchema, customer: CustomerWithInvoicesSchema });
export type CustomerData = z.infer<typeof CustomerDataSchema>;

export const CustomerOptionsDataSchema = z.object({
  user: UserSchema,
  customers: z.array(CustomerOptionSchema),
});
export type CustomerOptionsData = z.infer<typeof CustomerOptionsDataSchema>;

export const InvoiceListDataSchema = z.object({
  user: UserSchema,
  page: pageSchema(InvoiceWithCustomerSchema).extend({
    /**
     * Whether a filtered or sorted list holds more invoices than it counts and pages through (the first
     * FILTERED_LIST_CAP): narrower filters show the rest. Always false for the whole list, newest first.
     */
    capped: z.boolean(),
  }),
});
export type InvoiceListData = z.infer<typeof InvoiceListDataSchema>;

/** GET /customer/list. */
export const CustomerListAnswerSchema = successEnvelope(CustomerListDataSchema);
export type CustomerListAnswer = z.infer<typeof CustomerListAnswerSchema>;

/** GET /customer/search. */
export const CustomerSearchAnswerSchema = successEnvelope(CustomerSearchDataSchema);
export type CustomerSearchAnswer = z.infer<typeof CustomerSearchAnswerSchema>;

/** POST /customer/create (201), GET /customer/get/{id}, PUT /customer/update. */
export const CustomerAnswerSchema = successEnvelope(CustomerDataSchema);
export type CustomerAnswer = z.infer<typeof CustomerAnswerSchema>;

/** GET /customer/invoice/new. */
export const CustomerOptionsAnswerSchema = successEnvelope(CustomerOptionsDataSchema);
export type CustomerOptionsAnswer = z.infer<typeof CustomerOptionsAnswerSchema>;

/**
 * POST /customer/invoice/addtocustomer/{id}: the template's answer (the customers to choose from again), and the
 * invoice saved, so the form can name its number and link to its printable page.
 */
export const InvoiceAddedDataSchema = CustomerOptionsDataSchema.extend({
  invoice: InvoiceSchema.pick({ id: true, invoiceNumber: true }),
});
export type InvoiceAddedData = z.infer<typeof InvoiceAddedDataSchema>;
export const InvoiceAddedAnswerSchema = successEnvelope(InvoiceAddedDataSchema);
export type InvoiceAddedAnswer = z.infer<typeof InvoiceAddedAnswerSchema>;

/** GET /customer/invoice/list. */
export const InvoiceListAnswerSchema = successEnvelope(InvoiceListDataSchema);
export type InvoiceListAnswer = z.infer<typeof InvoiceListAnswerSchema>;

/** The report of GET /api/customer/download/report. */
export const CUSTOMER_REPORT_FILE_NAME = 'customer-report.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
