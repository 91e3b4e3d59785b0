import { z } from './zod.js';
import { UserSchema } from './accounts.js';
import { CompanySchema } from './business-details.js';
import { CustomerSchema, InvoiceSchema } from './customers.js';
import { successEnvelope } from './envelope.js';
import { InvoiceLineSchema } from './invoice-lines.js';
import { InvoiceEventSchema, PaymentSchema } from './invoice-life.js';

/** An invoice as its page shows it: its lines, the money received and refunded, and its history, oldest first. */
export const InvoiceDetailSchema = InvoiceSchema.extend({
  lines: z.array(InvoiceLineSchema),
  payments: z.array(PaymentSchema),
  history: z.array(InvoiceEventSchema),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const InvoiceDataSchema = z.object({
  user: UserSchema,
  invoice: InvoiceDetailSchema,
  customer: CustomerSchema,
  company: CompanySchema,
});
export type InvoiceData = z.infer<typeof InvoiceDataSchema>;

/** GET /customer/invoice/get/{id}, and the answer of a payment, a refund or a cancelling. */
export const InvoiceAnswerSchema = successEnvelope(InvoiceDataSchema);
export type InvoiceAnswer = z.infer<typeof InvoiceAnswerSchema>;
