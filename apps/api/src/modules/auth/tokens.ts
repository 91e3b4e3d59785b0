/**
 * The two kinds of token, both JWTs signed with HS256 (the algorithm is pinned when verifying, so
 * `alg: none` or an asymmetric-key trick is refused) and typed by a `token_type` claim, so a refresh
 * token is never accepted as an access token and the reverse.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.js';

const ALGORITHM = 'HS256';
const ISSUER = 'coran-hadith';
const AUDIENCE = 'coran-hadith-app';

export type TokenType = 'access' | 'refresh';

export type VerifiedToken = {
  userId: number;
  /** The login session (refresh-token family) the token belongs to. */
  sessionId: string;
  expiresAt: Date;
};

/** SPEC §4: a client refreshes when a 401's reason contains "expired". */
export const EXPIRED_ACCESS_TOKEN = 'Your session has expired. Please refresh your token.';
export const EXPIRED_REFRESH_TOKEN = 'Your session has expired. Please log in again.';

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * Access tokens already verified, so that a client's next calls with the same token skip the signature check
 * (the costliest step of a signed-in call after the database). Keyed by the whole token, whose signature
 * covers every byte of it; the expiry is still checked on every use. The oldest is forgotten first.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(secret: string, lifetimes: { accessTokenMinutes: number }) {
  // Imported once: given the raw bytes, jose would import the key again on every call (a guarded call's cost).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  async function sign(type: TokenType, userId: number, sessionId: string, expiresAt: Date, claims = {}) {
    return new SignJWT({ ...claims, token_type: type, sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(String(userId))
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(expiresAt)
      .sign(await key);
  }

  const verifiedAccessTokens = new Map<string, VerifiedToken>();

  async function verifySignatureAndClaims(token: string, type: TokenType): Promise<VerifiedToken> {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid', 'token_type'],
    });
    const userId = Number(payload.sub);
    if (payload.token_type !== type || !Number.isSafeInteger(userId) || typeof payload.sid !== 'string') {
      throw AppError.unauthorized();
    }
    return { userId, sessionId: payload.sid, expiresAt: new Date((payload.exp ?? 0) * 1000) };
  }

  return {
    /** Carries the permissions (`authorities`) so the web app can shape its screens; the server re-reads them. */
    signAccessToken(user: { id: number; permissions: string }, sessionId: string) {
      const expiresAt = new Date(Date.now() + lifetimes.accessTokenMinutes * 60_000);
      return sign('access', user.id, sessionId, expiresAt, { authorities: user.permissions.split(',') });
    },

    signRefreshToken(userId: number, sessionId: string, expiresAt: Date) {
      return sign('refresh', userId, sessionId, expiresAt);
    },

    /** Verifies signature, algorithm, issuer, audience, expiry (no leeway) and type; a 401 otherwise. */
    async verify(token: string, type: TokenType): Promise<VerifiedToken> {
      const known = type === 'access' ? verifiedAccessTokens.get(token) : undefined;
      if (known) {
        // jose's rule: expired from the second of `exp` on.
        if (Date.now() < known.expiresAt.getTime()) return known;
        verifiedAccessTokens.delete(token);
        throw AppError.unauthorized(EXPIRED_ACCESS_TOKEN);
      }
      try {
        const verified = await verifySignatureAndClaims(token, type);
        if (type === 'access') {
          verifiedAccessTokens.set(token, verified);
          if (verifiedAccessTokens.size > VERIFIED_TOKENS_KEPT) {
            verifiedAccessTokens.delete(verifiedAccessTokens.keys().next().value as string);
          }
        }
        return verified;
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw AppError.unauthorized(type === 'access' ? EXPIRED_ACCESS_TOKEN : EXPIRED_REFRESH_TOKEN);
        }
        if (error instanceof AppError) throw error;
        throw AppError.unauthorized();
      }
    },
  };
}
