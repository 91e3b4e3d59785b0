/**
 * Where the bytes of kept files live: DATA_DIR/files/<storage key>, the key 32 random hexadecimal
 * characters, so no name chosen by a client ever reaches the disk. An upload is first written to
 * DATA_DIR/files/incoming/<key>.part, in the same folder tree so that putting it in place is an atomic
 * rename; a reader never sees half a file under a key.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const STORAGE_KEY = /^[0-9a-f]{32}$/;
const INCOMING = 'incoming';
const PARTIAL_SUFFIX = '.part';
/** An incoming file older than this belongs to no upload still running: its process stopped mid-way. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export function filesFolder(dataDir: string): string {
  return path.join(dataDir, 'files');
}

function incomingFolder(dataDir: string): string {
  return path.join(filesFolder(dataDir), INCOMING);
}

export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** The path of a kept file; throws for anything that is not a key this store handed out. */
export function storedFilePath(dataDir: string, key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return path.join(filesFolder(dataDir), key);
}

/** Where an upload is written while it arrives and is checked (the folder is created if needed). */
export async function incomingPath(dataDir: string, key: string): Promise<string> {
  if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  const folder = incomingFolder(dataDir);
  await fs.mkdir(folder, { recursive: true });
  return path.join(folder, `${key}${PARTIAL_SUFFIX}`);
}

/** Puts a checked upload in place under its key; returns the kept file's path. */
export async function moveIntoPlace(dataDir: string, incoming: string, key: string): Promise<string> {
  const target = storedFilePath(dataDir, key);
  await fs.rename(incoming, target);
  return target;
}

/** Removes a file if it is there; a file already gone is fine. */
export async function removeFile(filePath: string): Promise<void> {
  await fs.rm(filePath, { force: true });
}

/**
 * Removes the incoming files that a stopped process left behind. Only old ones: another server sharing the
 * folder may be receiving a file right now.
 */
export async function removeAbandonedUploads(dataDir: string, now = Date.now()): Promise<number> {
  const folder = incomingFolder(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith(PARTIAL_SUFFIX))) {
    const file = path.join(folder, name);
    const stats = await fs.stat(file).catch(() => undefined);
    if (stats && now - stats.mtimeMs > ABANDONED_AFTER_MS) {
      await removeFile(file);
      removed += 1;
    }
  }
  return removed;
}
