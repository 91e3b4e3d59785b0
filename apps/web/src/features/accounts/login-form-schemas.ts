/**
 * The schemas of the two views of /login, in a module of their own that the page loads when the visitor first uses
 * its form (use-lazy-schema.ts), so that the prerendered page's first load carries no validation library.
 */
export { LoginRequestSchema } from '@app/contracts';
export { AppOrRecoveryCodeFormSchema, SmsCodeFormSchema } from './form-schemas';
