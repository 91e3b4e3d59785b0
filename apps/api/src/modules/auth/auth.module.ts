/**
 * The auth module's public face: it assembles, once per app, what the account calls and the guard of every
 * protected call need, and it is the one file other modules import from this folder: the caller of a request,
 * the guard, and the pieces of users, passwords, account events, a person's organisations and the notices of a
 * change of the account's keys that the profile and the organisations share. The modules above it import it;
 * it imports none of them.
 */
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { AccountsContext } from './accounts-context.js';
import { createAuthGuard, type AuthGuard } from './auth-guard.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { createSessions } from './sessions.js';
import { createTokenSigner } from './tokens.js';
import { createSecretBox, mfaEncryptionKey } from './totp-secrets.js';

export type { AccountsContext } from './accounts-context.js';
export {
  belongsElsewhere,
  insertOrganisation,
  organisationName,
  organisationOf,
  organisationsOf,
} from './account-organisations.repository.js';
export { reportChange, sendChangeNotice } from './change-notices.js';
export { consumeEmailChange, createEmailChange, pendingEmailOf } from './email-changes.repository.js';
export { callerOf, callerUser, type Caller } from './auth-guard.js';
export { changeNoticeEmail, emailChangeEmail, type CHANGE_NAMES } from './account-messages.js';
export { originOf, recentEvents, recordEvent, type RequestOrigin } from './events.repository.js';
export { lockUntilCleared, loginSubject } from './guess-limits.js';
export { hashSecret, newLinkKey } from './one-time-keys.js';
export { createOwnOrganisation } from './own-organisation.js';
export { assertPasswordStrongEnough, PASSWORDS_DIFFER } from './password-strength.js';
export { hashPassword } from './passwords.js';
export {
  assertMayAdminister,
  assertMayEditProfileOf,
  assertMayGrant,
  isAdministrator,
  isOwner,
} from './role-rules.js';
export { assertPhoneProof, assertStepUp, sendStepUpCode } from './step-up.js';
export {
  addMembership,
  countOtherActiveOwners,
  EMAIL_IN_USE,
  findMember,
  findUserByEmail,
  findUserById,
  insertUser,
  listRoles,
  lockMemberships,
  setUserRole,
  toApiUser,
  updateUser,
  type UserRecord,
} from './users.repository.js';

export type Auth = { ctx: AccountsContext; guard: AuthGuard };

/**
 * The guard's statement runs on the database's generic-plan connections (DatabaseHandle.genericPlanDb): one plan
 * suits every caller.
 */
export function createAuth(deps: { database: DatabaseHandle; config: Config; deliverQueued(): void }): Auth {
  const { database, config, deliverQueued } = deps;
  const jwtSecret = resolveJwtSecret(config);
  const signer = createTokenSigner(jwtSecret, config.auth);
  const sessions = createSessions(signer, config.auth);
  const totpSecrets = createSecretBox(mfaEncryptionKey(config, jwtSecret));
  return {
    ctx: { db: database.db, config, deliverQueued, signer, sessions, totpSecrets },
    guard: createAuthGuard(database.genericPlanDb, signer),
  };
}
