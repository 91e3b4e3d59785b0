/**
 * The organisation a business call acts within: the caller's current one (decision 17), with the connections set
 * to it. Business routes read and write only through it.
 */
import type { FastifyRequest } from 'fastify';
import type { DatabaseHandle, OrganisationDatabase } from '../../db/database.js';
import { callerOf } from '../auth/auth.module.js';

export type OrganisationScope = { id: number } & OrganisationDatabase;

/** For handlers behind the guard: the caller's current organisation. */
export type ScopeOf = (request: FastifyRequest) => OrganisationScope;

export function organisationScopes(database: Pick<DatabaseHandle, 'organisation'>): ScopeOf {
  return (request) => {
    const id = callerOf(request).user.organisationId;
    return { id, ...database.organisation(id) };
  };
}
