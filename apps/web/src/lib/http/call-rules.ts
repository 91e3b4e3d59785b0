/**
 * SPEC §7's call rules that decide the headers of a call, as pure functions of its method and address.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const API_BASE = '/api';
export const REFRESH_TOKEN_URL = `${API_BASE}/user/refresh/token`;
export const LOGOUT_URL = `${API_BASE}/user/logout`;

/** Which token a call carries as bearer. */
export type Credential = 'access' | 'refresh' | 'none';

/** The path of a call, without its query, when it is a call of our API (relative, under /api/). */
function apiPath(url: string): string | undefined {
  if (!url.startsWith(`${API_BASE}/`)) return undefined;
  return url.split(/[?#]/)[0];
}

/**
 * Public calls of the /api/user module: they are how one gets a token, or the links of an e-mail (opened on any
 * device, signed in or not), so they never carry one.
 */
const PUBLIC_USER_CALL =
  /^\/api\/user\/(login|register|verify\/|resetpassword\/|new\/password|image\/|report\/change\/)/;
/**
 * An invitation's link, read and used to create the invited account (decision 17): public, like the account
 * links. Accepting it (…/accept) is not: it joins the signed-in account.
 */
const PUBLIC_INVITATION_CALL = /^\/api\/organisation\/invitation\/[^/]+(\/signup)?$/;
/** The learning site's services and the health check are open to everyone. */
const PUBLIC_SERVICE = /^\/api\/(quran|hadith|health)(\/|$)/;

/**
 * SPEC §7: application calls carry the access token; login, register, verify, refresh and reset do not
 * (nor an invitation's public calls, nor the learning site's calls, nor anything outside our API: a token
 * never leaves for another site).
 * The refresh and logout calls carry the refresh token instead (decision 0003).
 */
export function credentialFor(url: string): Credential {
  const path = apiPath(url);
  if (path === undefined) return 'none';
  if (path === REFRESH_TOKEN_URL || path === LOGOUT_URL) return 'refresh';
  if (PUBLIC_USER_CALL.test(path) || PUBLIC_INVITATION_CALL.test(path) || PUBLIC_SERVICE.test(path)) {
    return 'none';
  }
  return 'access';
}

/** The Authorization header for a token, or none at all: never "Bearer null" (REFERENCE §1, defects). */
export function authorizationHeader(token: string | null | undefined): Record<string, string> {
  return token && token !== 'null' && token !== 'undefined' ? { Authorization: `Bearer ${token}` } : {};
}

export const ANTI_FORGERY_COOKIE = 'XSRF-TOKEN';
export const ANTI_FORGERY_HEADER = 'X-XSRF-TOKEN';

/** Relative to this site: the only addresses that may receive the anti-forgery token. */
function isRelative(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/**
 * SPEC §7: non-GET calls to relative addresses echo the anti-forgery cookie in a header (double submit:
 * another site can make the browser send our cookie but cannot read it to set the header).
 */
export function antiForgeryHeaders(method: string, url: string, cookies: string): Record<string, string> {
  if (method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD' || !isRelative(url)) return {};
  const token = cookieValue(cookies, ANTI_FORGERY_COOKIE);
  return token ? { [ANTI_FORGERY_HEADER]: token } : {};
}
