/**
 * The rules of SPEC §5 for the customer and invoice forms, as small pure functions with the server's
 * messages. Not the shared zod schemas: zod probes `new Function` on its first parse, which the site's
 * Content-Security-Policy (no unsafe-eval) refuses, and these screens check a handful of fields.
 * validation.test.ts runs both on the same samples, so the two cannot drift apart unnoticed.
 */
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  IMAGE_URL_RULE,
  INVOICE_STATUSES,
  isCustomerImageUrl,
  type CreateCustomer,
  type CreateInvoice,
} from '@app/contracts';
import { describeServiceProblems, parseInvoiceServices } from './invoice-services';

/** Equal to the contracts' constants (checked by the tests); not imported, as that module holds schemas. */
export const CUSTOMER_NAME_MAX_LENGTH = 200;
export const CUSTOMER_ADDRESS_MAX_LENGTH = 300;
export const IMAGE_URL_MAX_LENGTH = 2048;
export const INVOICE_SERVICES_MAX_LENGTH = 2000;
export const INVOICE_TOTAL_MAX_CENTS = 999_999_999_999;
const EMAIL_MAX_LENGTH = 254;

/** The e-mail pattern the server's schema uses (zod's). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PHONE_PATTERN = /^\+?[0-9 ().-]{6,30}$/;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Drops the fields without an error, so "no keys" means valid. */
function only<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined)) as FieldErrors<F>;
}

function requiredText(label: string, value: string, max: number): string | undefined {
  const text = value.trim();
  if (text === '') return `${label} is required`;
  if (text.length > max) return `${label} must be at most ${max} characters`;
  return undefined;
}

function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return 'Email is required';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return 'Enter a valid e-mail address';
  return undefined;
}

function phoneError(value: string): string | undefined {
  const phone = value.trim();
  if (phone === '') return 'Phone is required';
  if (!PHONE_PATTERN.test(phone))
    return 'Enter a phone number of 6 to 30 digits (spaces, dashes, dots and + allowed)';
  return undefined;
}

/** The server's rule and words (contracts' customer-pictures.ts, a module without zod). */
function imageUrlError(value: string): string | undefined {
  const required = requiredText('Image URL', value, IMAGE_URL_MAX_LENGTH);
  if (required) return required;
  return isCustomerImageUrl(value.trim()) ? undefined : IMAGE_URL_RULE;
}

function oneOf(label: string, value: string, allowed: readonly string[]): string | undefined {
  return allowed.includes(value) ? undefined : `${label} must be one of ${allowed.join(', ')}`;
}

export type CustomerValues = {
  name: string;
  email: string;
  address: string;
  phone: string;
  type: string;
  status: string;
  imageUrl: string;
};

/** SPEC §5: name, email, address, phone and imageUrl required; type and status required selects. */
export function validateCustomer(values: CustomerValues): FieldErrors<keyof CustomerValues> {
  return only({
    name: requiredText('Name', values.name, CUSTOMER_NAME_MAX_LENGTH),
    email: emailError(values.email),
    address: requiredText('Address', values.address, CUSTOMER_ADDRESS_MAX_LENGTH),
    phone: phoneError(values.phone),
    type: oneOf('Type', values.type, CUSTOMER_TYPES),
    status: oneOf('Status', values.status, CUSTOMER_STATUSES),
    imageUrl: imageUrlError(values.imageUrl),
  });
}

/** What the server receives once validateCustomer found nothing wrong: the values, trimmed. */
export function customerPayload(values: CustomerValues): CreateCustomer {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    address: values.address.trim(),
    phone: values.phone.trim(),
    type: values.type as CreateCustomer['type'],
    status: values.status as CreateCustomer['status'],
    imageUrl: values.imageUrl.trim(),
  };
}

export type InvoiceValues = {
  services: string;
  customerId: string;
  total: string;
  date: string;
  status: string;
};

function servicesError(value: string): string | undefined {
  const required = requiredText('Services', value, INVOICE_SERVICES_MAX_LENGTH);
  if (required) return required;
  // The server takes any text, but the printed invoice reads it entry by entry: catch what it cannot.
  const { rows, problems } = parseInvoiceServices(value);
  if (problems.length > 0) return describeServiceProblems(problems);
  return rows.length === 0 ? 'Services is required' : undefined;
}

/** The server's total rule, in its order: a number, more than 0, at most 9 999 999 999.99, 2 decimals. */
function totalError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return 'Total is required';
  const amount = /^\+?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(amount)) return 'Total must be a number';
  if (amount <= 0) return 'Total must be greater than 0';
  if (amount > INVOICE_TOTAL_MAX_CENTS / 100) return 'Total must be at most 9 999 999 999.99';
  if (!/^\+?\d*(\.\d{0,2})?$/.test(text)) return 'Total can have at most 2 decimals';
  return undefined;
}

/** A real calendar date written YYYY-MM-DD, between 1900 and 2999 (2026-02-30 is refused). */
function dateError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return 'Date is required';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const real =
    match !== null &&
    (() => {
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    })();
  if (!real) return 'Date must be a real calendar date written YYYY-MM-DD';
  if (text < '1900-01-01' || text > '2999-12-31') return 'Date must be between 1900 and 2999';
  return undefined;
}

/** SPEC §5: services, customer, total, date and status all required. */
export function validateInvoice(values: InvoiceValues): FieldErrors<keyof InvoiceValues> {
  return only({
    services: servicesError(values.services),
    customerId: /^[1-9]\d*$/.test(values.customerId.trim()) ? undefined : 'Customer is required',
    total: totalError(values.total),
    date: dateError(values.date),
    status: oneOf('Status', values.status, INVOICE_STATUSES),
  });
}

/** What the server receives once validateInvoice found nothing wrong. */
export function invoicePayload(values: InvoiceValues): CreateInvoice {
  return {
    services: values.services.trim(),
    customerId: Number(values.customerId),
    total: Number(values.total.trim()),
    date: values.date.trim(),
    status: values.status as CreateInvoice['status'],
  };
}
