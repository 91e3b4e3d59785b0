/**
 * Opens the database the settings name: the PostgreSQL server of DATABASE_URL, or the embedded one under
 * DATA_DIR, which one process at a time may own (the lock is released by `release`).
 */
import type { Config } from '../config.js';
import { embeddedDataPath, openEmbedded, openServer, type DatabaseHandle } from './database.js';
import { lockDataDir } from './data-dir-lock.js';

export async function openDatabase(
  config: Config,
): Promise<{ database: DatabaseHandle; release: () => void }> {
  if (config.databaseUrl) {
    return { database: await openServer(config.databaseUrl), release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    return { database: await openEmbedded({ dataDir: embeddedDataPath(config.dataDir) }), release };
  } catch (error) {
    release();
    throw error;
  }
}
