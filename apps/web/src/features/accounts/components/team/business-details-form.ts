/**
 * The business-details form's values and schema: the contracts' request (the server validates with it), with the
 * address typed as lines of one text box.
 */
import { z } from 'zod';
import { BusinessDetailsSchema, type Company } from '@app/contracts';

export type BusinessDetailsValues = Record<
  'name' | 'address' | 'phone' | 'fax' | 'website' | 'billingEmail',
  string
>;

export const BusinessDetailsFormSchema = BusinessDetailsSchema.omit({
  addressLines: true,
  logo: true,
}).extend({
  address: z
    .string()
    .transform((text) => text.split('\n').map((line) => line.trim()))
    .pipe(BusinessDetailsSchema.shape.addressLines),
});

export function businessDetailsValues(details: Company): BusinessDetailsValues {
  const { name, phone, fax, website, billingEmail } = details;
  return { name, address: details.addressLines.join('\n'), phone, fax, website, billingEmail };
}
