/** Assembles what the account calls and the guard of every protected call need, once per app. */
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { AccountsContext } from './accounts-context.js';
import { createAuthGuard, type AuthGuard } from './auth-guard.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { createSessions } from './sessions.js';
import { createTokenSigner } from './tokens.js';
import { createSecretBox, mfaEncryptionKey } from './totp-secrets.js';

export type Accounts = { ctx: AccountsContext; guard: AuthGuard };

/** `genericPlanDb` (DatabaseHandle.genericPlanDb) runs the guard's statement, which one plan suits for every caller. */
export function createAccounts(deps: {
  db: Database;
  genericPlanDb: Database;
  config: Config;
  deliverQueued(): void;
}): Accounts {
  const { genericPlanDb, ...shared } = deps;
  const jwtSecret = resolveJwtSecret(shared.config);
  const signer = createTokenSigner(jwtSecret, shared.config.auth);
  const sessions = createSessions(signer, shared.config.auth);
  const totpSecrets = createSecretBox(mfaEncryptionKey(shared.config, jwtSecret));
  return {
    ctx: { ...shared, signer, sessions, totpSecrets },
    guard: createAuthGuard(genericPlanDb, signer),
  };
}
