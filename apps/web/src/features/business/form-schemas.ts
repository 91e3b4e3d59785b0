/**
 * The customer and invoice forms' values, and the invoice form's schema: the contracts' request (the server
 * validates with it), with the rules only the form has. The customer forms use the contracts' CreateCustomerSchema
 * as it is.
 */
import { z } from 'zod';
import {
  CreateInvoiceFieldsSchema,
  InvoiceDateSchema,
  InvoiceTotalSchema,
  requiredError,
  type CreateCustomer,
  type CreateInvoice,
} from '@app/contracts';
import { describeServiceProblems, parseInvoiceServices } from './invoice-services';

/** A customer form's values, as typed and chosen. */
export type CustomerValues = Record<keyof CreateCustomer, string>;
/** The invoice form's values, as typed and chosen: the template's fields. */
export type InvoiceValues = Record<Exclude<keyof CreateInvoice, 'lines'>, string>;

/**
 * A field of the form left empty says it is required (the server, sent an empty total or date, says it is no
 * number or no date), before the contracts' schema judges its text. Typed as the values the contracts' total
 * takes (a number or a text), so that the text can be handed on to it.
 */
const filled = (label: string): z.ZodType<string | number, string> =>
  z
    .string()
    .trim()
    .min(1, requiredError(`${label} is required`));

/**
 * The server takes any text as the services, but the printed invoice reads it entry by entry ("1 Web Design
 * 200,2 SEO Work 100"): the form catches what it could not read.
 */
const ReadableServicesSchema = CreateInvoiceFieldsSchema.shape.services
  .unwrap()
  .superRefine((text, context) => {
    const { rows, problems } = parseInvoiceServices(text);
    if (problems.length > 0) context.addIssue({ code: 'custom', message: describeServiceProblems(problems) });
    else if (rows.length === 0) context.addIssue({ code: 'custom', message: 'Services is required' });
  });

/** SPEC §5: services, customer, total, date and status all required. */
export const InvoiceFormSchema = CreateInvoiceFieldsSchema.omit({ lines: true }).extend({
  services: ReadableServicesSchema,
  total: filled('Total').pipe(InvoiceTotalSchema),
  date: filled('Date').pipe(InvoiceDateSchema),
});
