/**
 * Users' phone numbers are kept in E.164 ("+33612345678"): one spelling per number, so the SMS codes go where
 * intended, two spellings of one number compare equal, and the "last 4 digits" shown at login are digits.
 * libphonenumber-js with its smallest ("min") metadata checks that the number can exist in its country.
 * Only the server checks that a number is real: the web app's forms check its spelling (PhoneTextSchema) and do
 * not load this library (about 29 KB compressed, four times the profile page).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A number written without its country code is read as French, the site's country ("06 12 34 56 78"). */
export const DEFAULT_PHONE_COUNTRY = 'FR';

export const PHONE_NOT_REAL =
  'Enter a real phone number: with its country code (+44 20 7946 0958), or a French number (06 12 34 56 78)';

/** The number in E.164, or undefined when it cannot be a real number. "00" is read as the international prefix. */
export function toE164(text: string): string | undefined {
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}
