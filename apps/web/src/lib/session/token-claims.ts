/**
 * What the browser may read from a token without the key: its expiry. The server checks signatures;
 * these answers only decide which screen to show, never what a caller may do.
 */
import { jwtDecode } from 'jwt-decode';

/** The token's expiry in milliseconds, or undefined when it does not decode or has no `exp`. */
export function expiryOf(token: string | null | undefined): number | undefined {
  if (!token) return undefined;
  try {
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * SPEC §4: authenticated means the stored access token decodes and is not expired, with no leeway
 * (expired from its `exp` second on). A token without `exp` counts as not authenticated: ours always
 * carry one, so such a token was not issued by our server.
 */
export function isAuthenticated(accessToken: string | null | undefined, now = Date.now()): boolean {
  const expiry = expiryOf(accessToken);
  return expiry !== undefined && now < expiry;
}

export type SessionStatus = 'active' | 'refreshable' | 'ended';

/**
 * 'active': the access token is valid. 'refreshable': it is not, but the refresh token still is, so
 * one refresh call can resume the session (a reader back after a quarter of an hour is not sent to the
 * login screen). 'ended': neither; nothing to ask the server.
 */
export function sessionStatus(
  tokens: { accessToken: string | null; refreshToken: string | null },
  now = Date.now(),
): SessionStatus {
  if (isAuthenticated(tokens.accessToken, now)) return 'active';
  if (isAuthenticated(tokens.refreshToken, now)) return 'refreshable';
  return 'ended';
}
