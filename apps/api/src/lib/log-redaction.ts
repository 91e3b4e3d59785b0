/**
 * What the request log says of an address. Some addresses carry a secret in their path: the key of an e-mailed link
 * (confirming an account or a new e-mail address, resetting a password, "this wasn't me", an invitation), the SMS
 * code of a login, or an e-mail address. The links are opened in the web app (/user/verify/…, /invitation/…), whose
 * page then calls the API (/api/user/verify/…, /api/organisation/invitation/…); both requests reach this server
 * and its log. Whoever reads the logs must not be able to use a link that has not been used yet, nor learn who
 * asked for a code: those segments are logged as [REDACTED]. The route's own words stay, so the log still tells
 * which call it was.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[REDACTED]';

/** Paths whose segments after the prefix are a key, a code or an e-mail address (compared in lower case). */
const SECRET_PATH_PREFIXES = [
  '/api/user/verify/',
  '/user/verify/',
  '/api/user/report/',
  '/user/report/',
  '/api/user/resetpassword/',
  '/api/organisation/invitation/',
  '/invitation/',
];

/** The words of those routes themselves ("verify/code/…", "invitation/…/accept"): not secret, and telling. */
const ROUTE_WORDS = new Set(['account', 'password', 'code', 'email', 'change', 'accept', 'signup']);

/**
 * The address with the secret segments of its path replaced (and its query, if any). The path is compared as the
 * router reads it: percent-decoded, and with doubled slashes taken as one.
 */
export function redactSecretPath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = readablePath(queryAt === -1 ? url : url.slice(0, queryAt)).replace(/\/{2,}/g, '/');
  const lowerPath = path.toLowerCase();
  const prefix = SECRET_PATH_PREFIXES.find((p) => lowerPath.startsWith(p));
  if (prefix === undefined) return url;
  const segments = path
    .slice(prefix.length)
    .split('/')
    .map((segment) => (segment === '' || ROUTE_WORDS.has(segment.toLowerCase()) ? segment : REDACTED));
  return `${path.slice(0, prefix.length)}${segments.join('/')}${queryAt === -1 ? '' : `?${REDACTED}`}`;
}

function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Fastify's own request serializer (lib/logger-pino.js), with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactSecretPath(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
