/**
 * The second factor a change of the account's keys (e-mail, phone, password, turning SMS MFA off) needs, as the
 * server's step-up decides it: the authenticator app's code when the app is on (it takes precedence over SMS, as
 * at login), else the SMS code when SMS MFA is on, else none.
 */
import { useQuery } from '@tanstack/react-query';
import type { User } from '@app/contracts';
import { mfaStatusQuery } from './mfa-api';

export type ChangeFactor = 'TOTP' | 'SMS' | undefined;

/**
 * Whether the app is on is not in the user's answer: it comes from GET /user/mfa, the query the authenticator
 * card reads and updates when the app is turned on or off. Until that answer is there, `known` is false and the
 * forms keep their submit disabled rather than guess a factor the server would refuse.
 */
export function useChangeFactor(user: User): { factor: ChangeFactor; known: boolean } {
  const status = useQuery(mfaStatusQuery()).data?.data;
  if (!status) return { factor: undefined, known: false };
  return { factor: status.totp ? 'TOTP' : user.usingMfa ? 'SMS' : undefined, known: true };
}
