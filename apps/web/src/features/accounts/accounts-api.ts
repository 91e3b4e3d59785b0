/**
 * The /api/user calls of the account screens (SPEC §7, REFERENCE §1). Only types come from the contracts
 * package; the calls go through lib/http, which applies the call, error and cache rules.
 */
import type {
  LoginAnswer,
  LoginRequest,
  MessageAnswer,
  RegisterRequest,
  TokenAnswer,
  UserAnswer,
} from '@app/contracts';
import { apiGet, apiPost, apiPut } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';
import { LOGOUT_URL } from '../../lib/http/call-rules';
import type { VerificationType } from './account-paths';

const USER = '/api/user';
const segment = encodeURIComponent;

export const logIn = (request: LoginRequest) => apiPost<LoginAnswer>(`${USER}/login`, request);

/** The second step of an MFA login: the code the SMS carried. */
export const verifyCode = (email: string, code: string) =>
  apiGet<TokenAnswer>(`${USER}/verify/code/${segment(email)}/${segment(code)}`);

export const register = (request: RegisterRequest) => apiPost<UserAnswer>(`${USER}/register`, request);

export const requestPasswordReset = (email: string) => apiGet(`${USER}/resetpassword/${segment(email)}`);

/**
 * Confirms an account (a message only), or checks a reset link (then answers with the user whose password is
 * reset, UserAnswer).
 */
export const verifyLinkQuery = (type: VerificationType, key: string) =>
  apiQuery<MessageAnswer & Partial<Pick<UserAnswer, 'data'>>>(`${USER}/verify/${type}/${segment(key)}`);

/** Confirms a new e-mail address with the key of the link sent to it: only then does the account take it. */
export const verifyEmailChangeQuery = (key: string) => apiQuery(`${USER}/verify/email/${segment(key)}`);

/**
 * "This wasn't me", with the key of the link in the notice of a change: locks the account and ends its sessions.
 * A POST sent on a click, so that a mail scanner opening the link locks nothing.
 */
export const reportChange = (key: string) => apiPost(`${USER}/report/change/${segment(key)}`);

/** The reset link's key goes with the new password: it is what proves the right to set it (decision 0006). */
export const setNewPassword = (request: {
  userId: number;
  password: string;
  confirmPassword: string;
  key: string;
}) => apiPut(`${USER}/new/password`, request);

/**
 * Ends the session on the server (decision 0003: the refresh token's family is revoked). Its failure is
 * ignored: the browser forgets the tokens anyway. keepalive lets it finish while the page changes.
 */
export async function logOutOnServer(refreshToken: string | null): Promise<void> {
  if (!refreshToken) return;
  try {
    await apiPost(LOGOUT_URL, undefined, { bearer: refreshToken, keepalive: true });
  } catch {
    // Already expired or revoked, or offline: nothing more to do.
  }
}
