/** What the account calls share: the database, the settings, the token signer and the sessions. */
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Sessions } from './sessions.js';
import type { TokenSigner } from './tokens.js';

export type AccountsContext = {
  db: Database;
  config: Config;
  signer: TokenSigner;
  sessions: Sessions;
  /** Called after a transaction that queued an e-mail or SMS has committed, so it leaves at once. */
  deliverQueued(): void;
};
