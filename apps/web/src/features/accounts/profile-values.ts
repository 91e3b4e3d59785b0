/** Between the user the API sends and the profile form: the form's text values, and the request body. */
import type { UpdateUserRequest, User } from '@app/contracts';
import type { ProfileValues } from './validation';

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
