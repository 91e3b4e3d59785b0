/**
 * The /api/user/mfa calls (issue 19): which second factors are on, and the authenticator app's setup, turning it
 * off and replacing its recovery codes. The answers that carry a secret or recovery codes are read once, by the
 * form that asked, and never kept in the query cache (only GET answers are).
 */
import type {
  ConfirmTotpRequest,
  DisableTotpRequest,
  MfaStatusAnswer,
  RecoveryCodesAnswer,
  RegenerateRecoveryCodesRequest,
  StartTotpRequest,
  TotpEnrolmentAnswer,
} from '@app/contracts';
import { apiPost } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';

export const MFA_URL = '/api/user/mfa';

export const mfaStatusQuery = () => apiQuery<MfaStatusAnswer>(MFA_URL);

export const startTotp = (request: StartTotpRequest) =>
  apiPost<TotpEnrolmentAnswer>(`${MFA_URL}/totp/start`, request);

export const confirmTotp = (request: ConfirmTotpRequest) =>
  apiPost<RecoveryCodesAnswer>(`${MFA_URL}/totp/confirm`, request);

export const disableTotp = (request: DisableTotpRequest) =>
  apiPost<MfaStatusAnswer>(`${MFA_URL}/totp/disable`, request);

export const regenerateRecoveryCodes = (request: RegenerateRecoveryCodesRequest) =>
  apiPost<RecoveryCodesAnswer>(`${MFA_URL}/recovery-codes`, request);
