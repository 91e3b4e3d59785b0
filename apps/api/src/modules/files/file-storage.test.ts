import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { incomingPath, newStorageKey, removeAbandonedUploads, storedFilePath } from './file-storage.js';

const folders: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-storage-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('storedFilePath', () => {
  it('builds a path only from a key the store handed out', () => {
    const dir = dataDir();
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(storedFilePath(dir, key)).toBe(path.join(dir, 'files', key));
    for (const bad of ['../jwt-secret', `${key}/..`, key.toUpperCase(), 'incoming', '']) {
      expect(() => storedFilePath(dir, bad), bad).toThrow(/not a storage key/);
    }
  });
});

describe('removeAbandonedUploads', () => {
  it('removes incoming files older than an hour and leaves uploads in progress', async () => {
    const dir = dataDir();
    const old = await incomingPath(dir, newStorageKey());
    const recent = await incomingPath(dir, newStorageKey());
    fs.writeFileSync(old, 'left by a stopped server');
    fs.writeFileSync(recent, 'still arriving');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);

    expect(await removeAbandonedUploads(dir)).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
  });

  it('has nothing to do before the first upload', async () => {
    expect(await removeAbandonedUploads(dataDir())).toBe(0);
  });
});
