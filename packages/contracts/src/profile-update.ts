/**
 * PATCH /user/update: the profile's fields (ProfileFieldsSchema), who is changed, and the proof a change of keys
 * needs. Its own module because its phone must be a real number, which libphonenumber-js checks with metadata of
 * about 29 KB compressed: the browser's forms import accounts.ts, and never load this module or that library.
 */
import { z } from './zod.js';
import { PhoneTextSchema, ProfileFieldsSchema, StepUpSchema } from './accounts.js';
import { PHONE_NOT_REAL, toE164 } from './phones.js';

/**
 * International or national phone number, kept in E.164 ("06 12 34 56 78" and "+33 6 12 34 56 78" are both
 * "+33612345678"; phones.ts).
 */
const PhoneSchema = PhoneTextSchema.transform((text, context) => {
  const phone = toE164(text);
  if (phone) return phone;
  // Not aborting: the union with '' below then reports this message rather than a bare "Invalid input".
  context.addIssue({ code: 'custom', message: PHONE_NOT_REAL, continue: true });
  return z.NEVER;
})
  .optional()
  .nullable()
  .or(z.literal(''))
  .transform((value) => (value ? value : null));

export const UpdateUserRequestSchema = z.object({
  id: z.coerce.number().int().positive(),
  ...ProfileFieldsSchema.shape,
  phone: PhoneSchema,
  ...StepUpSchema.shape,
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;
