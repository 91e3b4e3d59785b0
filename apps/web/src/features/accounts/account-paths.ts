/** Where the account screens send a user, as pure functions of the address and the router's state. */

/** What the guard leaves in the router's state when it sends a user to /login. */
export type LoginRedirectState = { from: string };

/**
 * Where to go after logging in: back to the page the user was sent away from (by the guard or an ended
 * session), otherwise '/' (SPEC §4). Only an address of this site is followed, and never /login itself.
 */
export function returnPathOf(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return '/';
  }
  return /^\/login(?:[/?#]|$)/.test(from) ? '/' : from;
}

export type VerificationType = 'account' | 'password';

/** SPEC §2.2: the type is 'password' if the address contains the word password, otherwise 'account'. */
export function verificationTypeOf(pathname: string): VerificationType {
  return pathname.includes('password') ? 'password' : 'account';
}
