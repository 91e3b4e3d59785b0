/** An unsigned JWT with the given claims: the browser only ever reads a token's payload. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

/** A token that expires `seconds` from now (negative: already expired). */
export function jwtExpiringIn(seconds: number, claims: Record<string, unknown> = {}): string {
  return fakeJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + seconds });
}
