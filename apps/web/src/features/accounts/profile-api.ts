/**
 * The /api/user calls of the profile screen (REFERENCE §1). Each answers with the profile it changed,
 * `{user, events, roles}`. The role and settings calls act on the caller, or on the user named by
 * `?userId=` (administrators only; the server checks).
 */
import type {
  ProfileAnswer,
  RoleName,
  StepUp,
  UpdatePasswordRequest,
  UpdateSettingsRequest,
  UpdateUserRequest,
} from '@app/contracts';
import { apiPatch, apiPost } from '../../lib/http/api-client';

const USER = '/api/user';

/** `?userId=` when another user is named; nothing for oneself. */
const target = (userId: number | undefined) => (userId === undefined ? '' : `?userId=${userId}`);

export const updateProfile = (request: UpdateUserRequest) =>
  apiPatch<ProfileAnswer>(`${USER}/update`, request);

export const updatePassword = (request: UpdatePasswordRequest) =>
  apiPatch<ProfileAnswer>(`${USER}/update/password`, request);

/** Turning MFA on needs the session only; turning it off also the current password and the SMS code. */
export const toggleMfa = (stepUp?: StepUp) => apiPatch<ProfileAnswer>(`${USER}/togglemfa`, stepUp);

/** Sends the SMS code that a change of e-mail, phone or password, or turning MFA off, then carries. */
export const sendStepUpCode = () => apiPost(`${USER}/step-up/code`);

/** The picture as multipart form data, in the field `image`: the HTTP layer sends FormData as is. */
export function updatePicture(picture: Blob) {
  const form = new FormData();
  form.append('image', picture);
  return apiPatch<ProfileAnswer>(`${USER}/update/image`, form);
}

export const updateRole = (role: RoleName, userId?: number) =>
  apiPatch<ProfileAnswer>(`${USER}/update/role/${encodeURIComponent(role)}${target(userId)}`);

export const updateSettings = (settings: UpdateSettingsRequest, userId?: number) =>
  apiPatch<ProfileAnswer>(`${USER}/update/settings${target(userId)}`, settings);
