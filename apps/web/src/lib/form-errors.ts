/**
 * What a form shows of a zod schema's verdict (the contracts' schemas, the ones the server validates with): under
 * each field, the first message the schema gives about it, and, once every field is valid, what the schema makes of
 * the values (trimmed texts, numbers): the body to send.
 */
// zod runs without generating code in the browser, as the site's Content-Security-Policy requires: the contracts
// set it up before they build their first schema (packages/contracts/src/zod.ts).
import type { z } from 'zod';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormCheck<F extends string, T> =
  | { valid: true; data: T; errors: FieldErrors<F> }
  | { valid: false; data: undefined; errors: FieldErrors<F> };

/**
 * The first message of each field, in the order of the schema's checks (a required field that is empty says so,
 * rather than that it is too short). An issue that names no field (about the whole form) is shown under none: a
 * form's schema puts each of its rules on the field it is about.
 */
export function firstErrorOfEachField<F extends string>(issues: readonly z.core.$ZodIssue[]): FieldErrors<F> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<F>;
}

/** A form's values judged by its schema; not valid, with no error to show, while the schema is still loading. */
export function checkForm<F extends string, T>(
  schema: z.ZodType<T> | undefined,
  values: Record<F, string>,
): FormCheck<F, T> {
  if (!schema) return { valid: false, data: undefined, errors: {} };
  const result = schema.safeParse(values);
  return result.success
    ? { valid: true, data: result.data, errors: {} }
    : { valid: false, data: undefined, errors: firstErrorOfEachField<F>(result.error.issues) };
}
