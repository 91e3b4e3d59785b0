/**
 * The customer and invoice forms' values, and the invoice form's schema: the contracts' request (the server
 * validates with it), with the rules only the form has. The customer forms use the contracts' CreateCustomerSchema
 * as it is.
 */
import { z } from 'zod';
import {
  CreateInvoiceFieldsSchema,
  InvoiceDateSchema,
  requiredError,
  type CreateCustomer,
} from '@app/contracts';

/** A customer form's values, as typed and chosen. */
export type CustomerValues = Record<keyof CreateCustomer, string>;
/**
 * The invoice form's values, as typed and chosen: its customer, date and status. Its services and total are its
 * lines (invoice-line-drafts.ts), which the server adds up.
 */
export type InvoiceValues = Record<'customerId' | 'date' | 'status', string>;

/**
 * A field of the form left empty says it is required (the server, sent an empty date, says it is no date), before
 * the contracts' schema judges its text.
 */
const filled = (label: string) =>
  z
    .string()
    .trim()
    .min(1, requiredError(`${label} is required`));

/** SPEC §5: customer, date and status required (and the services, as lines, checked line by line). */
export const InvoiceFormSchema = CreateInvoiceFieldsSchema.pick({ customerId: true, status: true }).extend({
  date: filled('Date').pipe(InvoiceDateSchema),
});
