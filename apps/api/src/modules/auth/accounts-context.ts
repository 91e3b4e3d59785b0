/**
 * What the account calls share: the database, the settings, the token signer, the sessions and the box of the
 * authenticator-app secrets.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Sessions } from './sessions.js';
import type { SecretBox } from './totp-secrets.js';
import type { TokenSigner } from './tokens.js';

export type AccountsContext = {
  db: Database;
  config: Config;
  signer: TokenSigner;
  sessions: Sessions;
  totpSecrets: SecretBox;
  /** Called after a transaction that queued an e-mail or SMS has committed, so it leaves at once. */
  deliverQueued(): void;
};
