/**
 * `npm run user:create`: the first administrator, created from a terminal or a script, can log in at once.
 * Runs the real command as a child process on an embedded database in a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDataPath, openEmbedded } from '../src/db/database.js';
import { verifyPassword } from '../src/modules/accounts/passwords.js';
import { findUserByEmail } from '../src/modules/accounts/users.repository.js';
import { testDriver } from './support/test-database.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-user-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function createUser(args: string[], stdin: string) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'apps/api/src/cli/create-user.ts', ...args],
    {
      cwd: root,
      input: stdin,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    },
  );
}

// The command's own database is embedded here; running it again in the PostgreSQL project would prove nothing more.
describe.skipIf(testDriver === 'postgres')('npm run user:create', () => {
  it('creates a confirmed account with the role asked, reading the password from standard input', async () => {
    const run = createUser(['--email', 'Chief@Example.com', '--role', 'ROLE_SYSADMIN'], 'a long secret\n');
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Created Chief@Example\.com \(id \d+\) with ROLE_SYSADMIN/);

    const refused = createUser(['--email', 'chief@example.COM'], 'another secret\n');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Email already in use/);

    const tooShort = createUser(['--email', 'short@example.com'], 'short\n');
    expect(tooShort.status).toBe(1);
    expect(tooShort.stderr).toMatch(/at least 8 characters/);

    const database = await openEmbedded({ dataDir: embeddedDataPath(dataDir) });
    try {
      const user = await findUserByEmail(database.db, 'chief@example.com');
      expect(user).toMatchObject({ roleName: 'ROLE_SYSADMIN', enabled: true, notLocked: true });
      expect(user?.confirmedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(user?.passwordHash, 'a long secret')).toBe(true);
      expect(await findUserByEmail(database.db, 'short@example.com')).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('explains its use when the e-mail or the role is missing or wrong', () => {
    const run = createUser(['--role', 'ROLE_KING'], '');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Usage: npm run user:create -- --email/);
  });
});
