/** Between the user the API sends and the profile form: the form's text values, and the request body. */
import type { UpdateUserRequest, User } from '@app/contracts';
import type { ChangeFactor } from './use-change-factor';

/** The profile form's values, as typed (ProfileFieldsSchema judges them). */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  title: string;
  bio: string;
};

/** The proof a change of the account's keys carries, as typed: the current password, and a code when one is needed. */
export type PasswordAndCodeValues = { currentPassword: string; code: string };

export function profileValuesOf(user: User): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    address: user.address ?? '',
    title: user.title ?? '',
    bio: user.bio ?? '',
  };
}

/** Trimmed, as the server keeps them; a blank optional field is sent as null ("none"). */
export function profileRequest(id: number, values: ProfileValues): UpdateUserRequest {
  const optional = (value: string) => value.trim() || null;
  return {
    id,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: optional(values.phone),
    address: optional(values.address),
    title: optional(values.title),
    bio: optional(values.bio),
  };
}

/**
 * Whether saving asks the server to change the account's e-mail or phone, which needs the current password
 * (and the code of a second factor when one is on). The server compares addresses without case, as here. It
 * compares phones in E.164, which this page does not compute: the same number typed another way counts as a
 * change here, so the form may ask for the password once too often, never once too few (the saved phones are
 * in E.164 already).
 */
export function changesEmailOrPhone(user: User, values: ProfileValues): boolean {
  const request = profileRequest(user.id, values);
  return request.email.toLowerCase() !== user.email.toLowerCase() || request.phone !== user.phone;
}

/**
 * The proof a change of the account's keys carries (the contracts' StepUp): the current password, and the code
 * of the factor the change needs (the app's or a recovery code, or the SMS code) when it needs one.
 */
export function stepUpRequest(
  values: PasswordAndCodeValues,
  factor: ChangeFactor,
): { currentPassword: string; code?: string } {
  return factor
    ? { currentPassword: values.currentPassword, code: values.code.trim() }
    : { currentPassword: values.currentPassword };
}
