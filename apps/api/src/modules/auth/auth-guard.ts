/**
 * Who is calling, checked on the server for every protected call (the template checked permissions only
 * in its screens). The access token proves the identity; the user's current role, state and session are
 * read from the database on each call (one statement), so a disabled account, a changed role or a logout takes
 * effect at once.
 */
import type { Permission, User } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { sessionIsOpen } from './sessions.js';
import type { TokenSigner } from './tokens.js';
import { prepareUserQuery, toApiUser, type UserRecord } from './users.repository.js';

export type Caller = { user: UserRecord; sessionId: string; permissions: ReadonlySet<string> };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on protected calls; null on public ones. */
    caller: Caller | null;
  }
}

/** The bearer token of the Authorization header, or undefined (the template's client sent "Bearer null"). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

export function createAuthGuard(db: Database, signer: TokenSigner) {
  const callerInOpenSession = prepareUserQuery(db, 'caller_in_open_session', sessionIsOpen);

  async function authenticate(request: FastifyRequest): Promise<Caller> {
    const token = bearerToken(request);
    if (!token) throw AppError.unauthorized();
    const { userId, sessionId } = await signer.verify(token, 'access');
    const [user] = await callerInOpenSession.execute({ userId, sessionId });
    if (!user || !user.enabled || !user.notLocked) {
      throw AppError.unauthorized();
    }
    const caller = { user, sessionId, permissions: new Set(user.permissions.split(',')) };
    request.caller = caller;
    return caller;
  }

  return {
    /** preHandler: any signed-in user. */
    authenticate: async (request: FastifyRequest) => {
      await authenticate(request);
    },
    /** preHandler: a signed-in user whose role grants every permission named. */
    requirePermission:
      (...needed: Permission[]) =>
      async (request: FastifyRequest) => {
        const caller = await authenticate(request);
        if (!needed.every((p) => caller.permissions.has(p))) throw AppError.forbidden();
      },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** The caller set by the guard; for handlers behind `authenticate` or `requirePermission`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw AppError.unauthorized();
  return request.caller;
}

/** The caller's user as the API answers it, for the answers that name who asked. */
export function callerUser(request: FastifyRequest): User {
  return toApiUser(callerOf(request).user);
}
